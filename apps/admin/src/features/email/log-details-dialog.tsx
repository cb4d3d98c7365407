import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EmailLog } from '@reelsmith/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { detailHtml, detailSentDate, detailText, statusColor, statusLabel } from './log-rules.ts';
import { LabelledField } from '../../components/labelled-field.tsx';
import { PlainTextPanel, SanitisedHtmlPanel } from './content-panels.tsx';

/**
 * Spec §2 Log details. The content is HTML the server sanitised with its allow-list before storing
 * (templates on save, sent mails after rendering), so it is shown as read-only rich text.
 */
export function LogDetailsDialog({ log, onClose }: { log: EmailLog | null; onClose: () => void }) {
  const content = log ? detailHtml(log) : { html: null, warning: null };
  const text = log ? detailText(log) : null;
  return (
    <Modal opened={log !== null} onClose={onClose} title="Email Log Details" size="xl" centered>
      {log ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabelledField label="Recipient">
              <Text size="sm">{log.recipientEmail}</Text>
            </LabelledField>
            <LabelledField label="Subject">
              <Text size="sm">{log.subject}</Text>
            </LabelledField>
            <LabelledField label="Status">
              <Badge color={statusColor[log.sendStatus]} variant="light">
                {statusLabel[log.sendStatus]}
              </Badge>
            </LabelledField>
            <LabelledField label="Sent Date">
              <Text size="sm">{detailSentDate(log)}</Text>
            </LabelledField>
          </SimpleGrid>
          {log.errorMessage ? (
            <LabelledField label="Error Message">
              <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                {log.errorMessage}
              </Text>
            </LabelledField>
          ) : null}
          <LabelledField label="Email Content">
            {content.warning ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden="true" />} mb="xs">
                {content.warning}
              </Alert>
            ) : null}
            <SanitisedHtmlPanel html={content.html} testId="email-content" />
          </LabelledField>
          {text ? (
            <LabelledField label="Plain Text Content">
              <PlainTextPanel text={text} />
            </LabelledField>
          ) : null}
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
