import { Alert, Button, Code, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ActionRow } from './action-row.tsx';

export interface SecretShownOnceDialogProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  /** That it will not be shown again. */
  warning: string;
  /** What the secret is, for its code block's label ('New API key') and the buttons ('key' → 'Copy key'). */
  label: string;
  noun: string;
  /** Shown above the secret (its name), and below it (how to use it). */
  before?: ReactNode;
  after?: ReactNode;
  onClose: () => void;
  onCopy: (text: string) => Promise<void>;
}

/** A secret made for the customer (an API key, a webhook signing secret), shown this once with a copy button. */
export function SecretShownOnceDialog({ secret, title, warning, label, noun, before, after, onClose, onCopy }: SecretShownOnceDialogProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const close = () => {
    setCopy('idle');
    onClose();
  };
  const copySecret = async () => {
    if (secret === null) return;
    try {
      await onCopy(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Modal opened={secret !== null} onClose={close} title={title} centered radius="lg" padding="xl" closeOnClickOutside={false}>
      {secret !== null ? (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {warning}
          </Alert>
          {before}
          <Code block aria-label={label} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          {after}
          {copy === 'failed' ? (
            <Text size="sm" c="red.7">
              The {noun} could not be copied. Select it and copy it by hand.
            </Text>
          ) : null}
          <ActionRow>
            <Button variant="default" onClick={close}>
              Done
            </Button>
            <Button leftSection={copy === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />} color={copy === 'copied' ? 'teal' : undefined} onClick={() => void copySecret()}>
              {copy === 'copied' ? 'Copied' : `Copy ${noun}`}
            </Button>
          </ActionRow>
        </Stack>
      ) : null}
    </Modal>
  );
}
