import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc.ts';
import { decideStartProject } from '../billing/billing-rules.ts';
import { useUpgradeDialog } from '../billing/upgrade-dialog-provider.tsx';

/** Spec §4: a customer without an active plan reads the toast, then goes to /pricing. */
export const pricingRedirectDelayMs = 1500;

/**
 * The one handler behind every 'create a project' button (header Create, Start New Project,
 * Create First Project): checks the subscription and its limits, then opens /project/new.
 */
export function useStartProject(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const openUpgradeDialog = useUpgradeDialog();
  const checking = useRef(false);

  return () => {
    if (checking.current) return;
    checking.current = true;
    // Always asked afresh: quota and daily counts change as videos are made.
    queryClient
      .fetchQuery({ ...trpc.billing.subscription.current.queryOptions(), staleTime: 0 })
      .then((subscription) => {
        const decision = decideStartProject(subscription);
        switch (decision.kind) {
          case 'create':
            void navigate('/project/new');
            return;
          case 'upgrade':
            openUpgradeDialog(decision.reason);
            return;
          case 'pricing':
            notifications.show({ color: 'orange', title: decision.title, message: decision.message });
            window.setTimeout(() => void navigate('/pricing'), pricingRedirectDelayMs);
            return;
          case 'notice':
            notifications.show({ color: 'orange', title: decision.title, message: decision.message });
            return;
        }
      })
      .catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: 'Failed to create project',
          message: error instanceof Error ? error.message : 'An error occurred. Please try again.',
        });
      })
      .finally(() => {
        checking.current = false;
      });
  };
}
