import { Box, Button, Code, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { apiKeyNameMaxLength, apiKeyNameSchema, maxActiveApiKeys, type ApiKey, type CreatedApiKey } from '@reelsmith/shared';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ActionRow } from '../../components/action-row.tsx';
import { SecretShownOnceDialog } from '../../components/secret-shown-once-dialog.tsx';
import { formatDate } from '../../lib/format.ts';

export const shownOnceWarning = 'Copy this key now. It will not be shown again: we keep only a fingerprint of it.';

export interface ApiKeysPanelViewProps {
  /** The customer's keys; undefined while loading. */
  keys: ApiKey[] | undefined;
  loadError: string | null;
  onCreate: (name: string) => void;
  creating: boolean;
  createError: string | null;
  /** The key just created: shown once, in its dialog, until closed. */
  created: CreatedApiKey | null;
  onCloseCreated: () => void;
  onRevoke: (id: string) => void;
  revoking: boolean;
  /** The key asked to be revoked, awaiting confirmation. */
  confirmingRevoke: ApiKey | null;
  onAskRevoke: (key: ApiKey | null) => void;
  onCopy: (text: string) => Promise<void>;
}

function CreateKeyForm({ onCreate, creating, createError, atLimit }: { onCreate: (name: string) => void; creating: boolean; createError: string | null; atLimit: boolean }) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    onCreate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Key name"
          description="What the key is for, such as the tool or server that will use it."
          placeholder="e.g. Zapier"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setInvalid(null);
          }}
          error={invalid ?? createError}
          maxLength={apiKeyNameMaxLength * 2}
          disabled={atLimit}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />} loading={creating} disabled={atLimit}>
          Create key
        </Button>
      </Group>
      {atLimit ? (
        <Text size="sm" c="gray.7" mt="xs">
          You have {maxActiveApiKeys} keys, the most allowed. Revoke one to create another.
        </Text>
      ) : null}
    </form>
  );
}

function KeyRow({ apiKey, onAskRevoke }: { apiKey: ApiKey; onAskRevoke: (key: ApiKey) => void }) {
  return (
    <Group justify="space-between" align="center" wrap="nowrap" py="sm" gap="md">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {apiKey.name}
        </Text>
        <Text size="sm" c="gray.7">
          <Code>{apiKey.prefix}…</Code>
        </Text>
        <Text size="sm" c="gray.7">
          Created {formatDate(apiKey.createdAt)} · Last used {apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'Never'}
        </Text>
      </Stack>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAskRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
    </Group>
  );
}

function CreatedKeyDialog({ created, onClose, onCopy }: { created: CreatedApiKey | null; onClose: () => void; onCopy: (text: string) => Promise<void> }) {
  return (
    <SecretShownOnceDialog
      secret={created?.key ?? null}
      title="Your new API key"
      warning={shownOnceWarning}
      label="New API key"
      noun="key"
      before={
        <Text size="sm">
          <strong style={{ overflowWrap: 'anywhere' }}>{created?.name}</strong>
        </Text>
      }
      after={
        <Text size="sm" c="gray.7">
          Send it as <Code>Authorization: Bearer {'<key>'}</Code> with every call to the REST API.
        </Text>
      }
      onClose={onClose}
      onCopy={onCopy}
    />
  );
}

/** Profile → API keys: the customer's keys for integrations, created, listed and revoked. */
export function ApiKeysPanelView(props: ApiKeysPanelViewProps) {
  const { keys, loadError, confirmingRevoke, onAskRevoke } = props;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="api-keys-heading">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="api-keys-heading">
            API keys
          </Title>
          <Text size="sm" c="gray.7">
            Keys let your own tools call the Reelsmith REST API as you, with your plan. Keep them secret; revoke a key you no longer use.
          </Text>
        </Stack>
        {/* A new form once a key is made, so the name typed for it is gone. */}
        <CreateKeyForm key={props.created?.id ?? 'new'} onCreate={props.onCreate} creating={props.creating} createError={props.createError} atLimit={(keys?.length ?? 0) >= maxActiveApiKeys} />
        {loadError ? (
          <Text c="red.7" size="sm">
            API keys could not be loaded: {loadError}
          </Text>
        ) : keys === undefined ? (
          <Stack gap="xs" aria-label="Loading API keys">
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : keys.length === 0 ? (
          <Stack align="center" ta="center" gap={6} py="md">
            <IconKey size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>No API keys yet</Text>
          </Stack>
        ) : (
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
            {keys.map((apiKey, index) => (
              <Box component="li" key={apiKey.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
                <KeyRow apiKey={apiKey} onAskRevoke={onAskRevoke} />
              </Box>
            ))}
          </Box>
        )}
      </Stack>
      <CreatedKeyDialog created={props.created} onClose={props.onCloseCreated} onCopy={props.onCopy} />
      <Modal opened={confirmingRevoke !== null} onClose={() => onAskRevoke(null)} title="Revoke API key" centered radius="lg" padding="xl">
        {confirmingRevoke ? (
          <Stack gap="lg">
            <Stack gap="xs">
              <Text fw={600}>Revoke “{confirmingRevoke.name}”?</Text>
              <Text size="sm" c="gray.7">
                Anything using this key stops working at once. This cannot be undone.
              </Text>
            </Stack>
            <ActionRow>
              <Button variant="default" onClick={() => onAskRevoke(null)} disabled={props.revoking}>
                Keep key
              </Button>
              <Button color="red" loading={props.revoking} onClick={() => props.onRevoke(confirmingRevoke.id)}>
                Revoke key
              </Button>
            </ActionRow>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
