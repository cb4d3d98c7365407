import { Paper, Text, Typography } from '@mantine/core';
import { noContentText } from './log-rules.ts';

/** E-mail HTML the server already reduced to its allow-list (on save, after rendering), shown as read-only rich text. */
export function SanitisedHtmlPanel({ html, testId }: { html: string | null; testId: string }) {
  if (!html) {
    return (
      <Text size="sm" c="dimmed">
        {noContentText}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" mah={360} style={{ overflow: 'auto' }} data-testid={testId}>
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </Paper>
  );
}

/** An e-mail's plain-text part, as written. */
export function PlainTextPanel({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="md" mah={240} style={{ overflow: 'auto' }}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}>
        {text}
      </Text>
    </Paper>
  );
}
