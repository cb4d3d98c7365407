import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Typography } from '@mantine/core';
import type { EmailTemplate } from '@reelsmith/shared';
import { noContentText } from './log-rules.ts';
import { LabelledField } from '../../components/labelled-field.tsx';

/**
 * A template read-only, for roles that may read templates but not change them (support). The HTML was
 * reduced to the editor's allow-list by the server on save, so it is shown as rich text.
 */
export function TemplateViewDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  return (
    <Modal opened={template !== null} onClose={onClose} title="View Template" size="xl" centered>
      {template ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabelledField label="Template Name">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Text>
            </LabelledField>
            <LabelledField label="Status">
              <Badge color={template.isActive ? 'teal' : 'gray'} variant="light">
                {template.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </LabelledField>
            <LabelledField label="Subject">
              <Text size="sm">{template.subject}</Text>
            </LabelledField>
            {template.description ? (
              <LabelledField label="Description">
                <Text size="sm">{template.description}</Text>
              </LabelledField>
            ) : null}
          </SimpleGrid>
          <LabelledField label="HTML Content">
            {template.htmlContent ? (
              <Paper withBorder radius="md" p="md" mah={360} style={{ overflow: 'auto' }} data-testid="template-html">
                <Typography>
                  <div dangerouslySetInnerHTML={{ __html: template.htmlContent }} />
                </Typography>
              </Paper>
            ) : (
              <Text size="sm" c="dimmed">
                {noContentText}
              </Text>
            )}
          </LabelledField>
          {template.textContent ? (
            <LabelledField label="Text Content">
              <Paper withBorder radius="md" p="md" mah={240} style={{ overflow: 'auto' }}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}>
                  {template.textContent}
                </Text>
              </Paper>
            </LabelledField>
          ) : null}
          <Text size="xs" c="dimmed">
            Your admin role can read templates but not edit them or send tests.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
