import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EmailTemplate } from '@reelsmith/shared';
import { LabelledField } from '../../components/labelled-field.tsx';
import { PlainTextPanel, SanitisedHtmlPanel } from './content-panels.tsx';

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
            <SanitisedHtmlPanel html={template.htmlContent} testId="template-html" />
          </LabelledField>
          {template.textContent ? (
            <LabelledField label="Text Content">
              <PlainTextPanel text={template.textContent} />
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
