import { notifications } from '@mantine/notifications';
import type { ApiKey, CreatedApiKey } from '@reelsmith/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ApiKeysPanelView } from './api-keys-panel-view.tsx';

/** Profile → API keys, wired to auth.apiKeys.*. */
export function ApiKeysPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.auth.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirmingRevoke, setConfirmingRevoke] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.apiKeys.list.queryKey() });

  const create = useMutation(
    trpc.auth.apiKeys.create.mutationOptions({
      onSuccess: async (key) => {
        setCreated(key);
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.auth.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        const name = confirmingRevoke?.name;
        setConfirmingRevoke(null);
        await refresh();
        notifications.show({ color: 'teal', title: 'API key revoked', message: name ? `“${name}” no longer works.` : 'The key no longer works.' });
      },
      onError: (error) => {
        setConfirmingRevoke(null);
        notifications.show({ color: 'red', title: 'The key was not revoked', message: error.message });
      },
    }),
  );

  return (
    <ApiKeysPanelView
      keys={keys.data}
      loadError={keys.isError ? keys.error.message : null}
      onCreate={(name) => create.mutate({ name })}
      creating={create.isPending}
      createError={create.error?.message ?? null}
      created={created}
      onCloseCreated={() => {
        setCreated(null);
        create.reset();
      }}
      onRevoke={(id) => revoke.mutate({ id })}
      revoking={revoke.isPending}
      confirmingRevoke={confirmingRevoke}
      onAskRevoke={setConfirmingRevoke}
      onCopy={copyText}
    />
  );
}
