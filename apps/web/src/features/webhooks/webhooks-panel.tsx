import { notifications } from '@mantine/notifications';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@reelsmith/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { WebhooksPanelView } from './webhooks-panel-view.tsx';

/** Profile → Webhooks, wired to webhooks.*; the log refreshes while the tab is open, so retries show up. */
export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions(), refetchInterval: 5000 });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<WebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (endpoint) => {
        setCreated(endpoint);
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmingDelete(null);
        await refresh();
        notifications.show({ color: 'teal', title: 'Endpoint deleted', message: 'No more events are sent to it.' });
      },
      onError: (error) => {
        setConfirmingDelete(null);
        notifications.show({ color: 'red', title: 'The endpoint was not deleted', message: error.message });
      },
    }),
  );
  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Test event queued', message: 'It appears in the deliveries below within a few seconds.' });
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The test event was not sent', message: error.message }),
    }),
  );

  return (
    <WebhooksPanelView
      endpoints={endpoints.data}
      loadError={endpoints.isError ? endpoints.error.message : null}
      deliveries={deliveries.data}
      onCreate={(input) => create.mutate(input)}
      creating={create.isPending}
      createError={create.error?.message ?? null}
      created={created}
      onCloseCreated={() => {
        setCreated(null);
        create.reset();
      }}
      onDelete={(id) => remove.mutate({ id })}
      deleting={remove.isPending}
      confirmingDelete={confirmingDelete}
      onAskDelete={setConfirmingDelete}
      onSendTest={(id) => sendTest.mutate({ id })}
      sendingTestTo={sendTest.isPending ? (sendTest.variables?.id ?? null) : null}
      onCopy={copyText}
    />
  );
}
