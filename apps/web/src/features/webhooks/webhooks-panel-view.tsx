import { Badge, Box, Button, Code, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  createWebhookEndpointInputSchema,
  maxWebhookEndpoints,
  webhookDescriptionMaxLength,
  webhookUrlMaxLength,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@reelsmith/shared';
import { IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ActionRow } from '../../components/action-row.tsx';
import { SecretShownOnceDialog } from '../../components/secret-shown-once-dialog.tsx';
import { formatDate } from '../../lib/format.ts';

export const secretShownOnceWarning = 'Copy this signing secret now. It will not be shown again.';

export interface WebhooksPanelViewProps {
  /** The customer's endpoints; undefined while loading. */
  endpoints: WebhookEndpoint[] | undefined;
  loadError: string | null;
  /** The latest delivery attempts; undefined while loading. */
  deliveries: WebhookDelivery[] | undefined;
  onCreate: (input: { url: string; description: string }) => void;
  creating: boolean;
  createError: string | null;
  /** The endpoint just added: its secret shown once, in its dialog, until closed. */
  created: CreatedWebhookEndpoint | null;
  onCloseCreated: () => void;
  onDelete: (id: string) => void;
  deleting: boolean;
  /** The endpoint asked to be deleted, awaiting confirmation. */
  confirmingDelete: WebhookEndpoint | null;
  onAskDelete: (endpoint: WebhookEndpoint | null) => void;
  onSendTest: (id: string) => void;
  /** The endpoint a test event is being queued for. */
  sendingTestTo: string | null;
  onCopy: (text: string) => Promise<void>;
}

function formatTime(value: Date): string {
  return value.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function AddEndpointForm({ onCreate, creating, createError, atLimit }: { onCreate: WebhooksPanelViewProps['onCreate']; creating: boolean; createError: string | null; atLimit: boolean }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState<{ url?: string; description?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookEndpointInputSchema.safeParse({ url, description });
    if (!parsed.success) {
      const found: { url?: string; description?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'url' || field === 'description') && !found[field]) found[field] = issue.message;
      }
      setInvalid(found);
      return;
    }
    setInvalid({});
    onCreate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          description="Where we POST an event when a generation step or final video finishes or fails. Must start with https://."
          placeholder="https://example.com/webhooks/reelsmith"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setInvalid({});
          }}
          error={invalid.url ?? createError}
          maxLength={webhookUrlMaxLength + 10}
          disabled={atLimit}
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Description"
            placeholder="e.g. Production server"
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setInvalid({});
            }}
            error={invalid.description}
            maxLength={webhookDescriptionMaxLength * 2}
            disabled={atLimit}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />} loading={creating} disabled={atLimit}>
            Add endpoint
          </Button>
        </Group>
        {atLimit ? (
          <Text size="sm" c="gray.7">
            You have {maxWebhookEndpoints} endpoints, the most allowed. Delete one to add another.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function EndpointRow({ endpoint, onAskDelete, onSendTest, sending }: { endpoint: WebhookEndpoint; onAskDelete: (e: WebhookEndpoint) => void; onSendTest: (id: string) => void; sending: boolean }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" py="sm" gap="md">
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.description}
        </Text>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          <Code>{endpoint.url}</Code>
        </Text>
        <Text size="sm" c="gray.7">
          Added {formatDate(endpoint.createdAt)}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconSend size={16} aria-hidden />} loading={sending} onClick={() => onSendTest(endpoint.id)} aria-label={`Send test event to ${endpoint.description}`}>
          Send test event
        </Button>
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAskDelete(endpoint)} aria-label={`Delete ${endpoint.description}`}>
          Delete
        </Button>
      </Group>
    </Group>
  );
}

function DeliveryLog({ deliveries }: { deliveries: WebhookDelivery[] | undefined }) {
  if (deliveries === undefined) return <Skeleton h={56} aria-label="Loading deliveries" />;
  if (deliveries.length === 0) return <Text size="sm" c="gray.7">No deliveries yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Webhook deliveries" verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Next retry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{formatTime(d.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{d.eventType}</Text>
                <Text size="xs" c="gray.7" ff="monospace">
                  {d.eventId}
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: '16rem' }}>{d.endpointUrl}</Table.Td>
              <Table.Td>{d.attempt}</Table.Td>
              <Table.Td>
                {d.error === null ? (
                  <Badge color="teal" variant="light">
                    {d.statusCode}
                  </Badge>
                ) : (
                  <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
                    {d.error}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{d.durationMs} ms</Table.Td>
              <Table.Td>{d.nextRetryAt ? formatTime(d.nextRetryAt) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreatedDialog({ created, onClose, onCopy }: { created: CreatedWebhookEndpoint | null; onClose: () => void; onCopy: (text: string) => Promise<void> }) {
  return (
    <SecretShownOnceDialog
      secret={created?.secret ?? null}
      title="Endpoint added"
      warning={secretShownOnceWarning}
      label="Signing secret"
      noun="secret"
      after={
        <Text size="sm" c="gray.7">
          Verify each request with it as the Standard Webhooks libraries do: the <Code>webhook-signature</Code> header signs the <Code>webhook-id</Code>, the{' '}
          <Code>webhook-timestamp</Code> and the body.
        </Text>
      }
      onClose={onClose}
      onCopy={onCopy}
    />
  );
}

/** Profile → Webhooks: callback URLs for finished generation jobs, and the latest delivery attempts. */
export function WebhooksPanelView(props: WebhooksPanelViewProps) {
  const { endpoints, loadError, confirmingDelete, onAskDelete } = props;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="webhooks-heading">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="webhooks-heading">
            Webhooks
          </Title>
          <Text size="sm" c="gray.7">
            When a generation step or final video succeeds or fails, we send a signed event to each endpoint, and retry for several hours if it does not answer 2xx.
          </Text>
        </Stack>
        <AddEndpointForm key={props.created?.id ?? 'new'} onCreate={props.onCreate} creating={props.creating} createError={props.createError} atLimit={(endpoints?.length ?? 0) >= maxWebhookEndpoints} />
        {loadError ? (
          <Text c="red.7" size="sm">
            Webhooks could not be loaded: {loadError}
          </Text>
        ) : endpoints === undefined ? (
          <Stack gap="xs" aria-label="Loading webhook endpoints">
            <Skeleton h={56} />
          </Stack>
        ) : endpoints.length === 0 ? (
          <Stack align="center" ta="center" gap={6} py="md">
            <IconWebhook size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>No webhook endpoints yet</Text>
          </Stack>
        ) : (
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhook endpoints">
            {endpoints.map((endpoint, index) => (
              <Box component="li" key={endpoint.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
                <EndpointRow endpoint={endpoint} onAskDelete={onAskDelete} onSendTest={props.onSendTest} sending={props.sendingTestTo === endpoint.id} />
              </Box>
            ))}
          </Box>
        )}
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Recent deliveries
          </Title>
          <DeliveryLog deliveries={props.deliveries} />
        </Stack>
      </Stack>
      <CreatedDialog created={props.created} onClose={props.onCloseCreated} onCopy={props.onCopy} />
      <Modal opened={confirmingDelete !== null} onClose={() => onAskDelete(null)} title="Delete webhook endpoint" centered radius="lg" padding="xl">
        {confirmingDelete ? (
          <Stack gap="lg">
            <Stack gap="xs">
              <Text fw={600}>Delete “{confirmingDelete.description}”?</Text>
              <Text size="sm" c="gray.7">
                No more events are sent to it, pending retries included. This cannot be undone.
              </Text>
            </Stack>
            <ActionRow>
              <Button variant="default" onClick={() => onAskDelete(null)} disabled={props.deleting}>
                Keep endpoint
              </Button>
              <Button color="red" loading={props.deleting} onClick={() => props.onDelete(confirmingDelete.id)}>
                Delete endpoint
              </Button>
            </ActionRow>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
