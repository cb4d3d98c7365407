import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Typography } from '@mantine/core';
import type { EmailTemplate } from '@reelsmith/shared';
import { noContentText } from './log-rules.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

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
            <Field label="Template Name">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Text>
            </Field>
            <Field label="Status">
              <Badge color={template.isActive ? 'teal' : 'gray'} variant="light">
                {template.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Field>
            <Field label="Subject">
              <Text size="sm">{template.subject}</Text>
            </Field>
            {template.description ? (
              <Field label="Description">
                <Text size="sm">{template.description}</Text>
              </Field>
            ) : null}
          </SimpleGrid>
          <Field label="HTML Content">
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
          </Field>
          {template.textContent ? (
            <Field label="Text Content">
              <Paper withBorder radius="md" p="md" mah={240} style={{ overflow: 'auto' }}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}>
                  {template.textContent}
                </Text>
              </Paper>
            </Field>
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
