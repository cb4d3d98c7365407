import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notifyError, notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';

const sentFallback = 'Test email sent successfully. Check Email Logs to verify content.';

/** Send Test Email (spec §2): an active template and a recipient, both required. */
export function SendTestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [templateName, setTemplateName] = useState<string | null>(null);
  const [recipientEmail, setRecipientEmail] = useState('');
  const templates = useQuery({ ...trpc.admin.email.templates.list.queryOptions({ page: 1, limit: 100 }), enabled: opened });
  const options = (templates.data?.templates ?? []).filter((t) => t.isActive).map((t) => ({ value: t.name, label: t.name }));

  const send = useMutation(
    trpc.admin.email.sendTest.mutationOptions({
      onSuccess: (result) => {
        if (result.status === 'sent') notifySuccess('Test Email Sent', result.message || sentFallback);
        else notifyError('Failed to send test email', result.message || 'Failed to send test email');
        void queryClient.invalidateQueries({ queryKey: trpc.admin.email.logs.list.pathKey() });
        if (result.status === 'sent') {
          setRecipientEmail('');
          onClose();
        }
      },
      onError: (error) => notifyFailure('Failed to send test email', error, 'Failed to send test email'),
    }),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (templateName && recipientEmail.trim()) send.mutate({ templateName, recipientEmail: recipientEmail.trim() });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Send Test Email" centered>
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Send a test email to verify email content is being saved correctly.
          </Text>
          <Select
            label="Template"
            placeholder={templates.isPending ? 'Loading templates…' : 'Choose an active template'}
            data={options}
            value={templateName}
            onChange={setTemplateName}
            searchable
            nothingFoundMessage="No active templates"
          />
          <TextInput label="Recipient Email" type="email" placeholder="name@example.com" value={recipientEmail} onChange={(e) => setRecipientEmail(e.currentTarget.value)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!templateName || !recipientEmail.trim() || send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Test Email'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
