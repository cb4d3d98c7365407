import { findProjectTitle, findTransactionForEmail, findUserById } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import type { EmailDeps } from './deliver-email.ts';
import type { EmailNotifier } from './email-notifier-port.ts';
import type { PlaceholderValues } from './render-template.ts';
import { sendTemplatedEmail } from './send-templated-email.ts';


export type { EmailNotifier };

export interface BackgroundEmailNotifier extends EmailNotifier {
  /** Resolves when every mail started so far has finished (tests, graceful shutdown). */
  settled(): Promise<void>;
}

export interface NotifierDeps extends EmailDeps {
  publicUrl: string;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

async function customer(deps: CoreDeps, userId: string) {
  return findUserById(deps.db, userId);
}

export function createEmailNotifier(deps: NotifierDeps): BackgroundEmailNotifier {
  const running = new Set<Promise<void>>();
  const app = deps.publicUrl.replace(/\/$/, '');

  function inBackground(what: string, work: () => Promise<void>): void {
    const task = (async () => {
      try {
        await work();
      } catch (err) {
        deps.logger.error({ what, err: err instanceof Error ? err.message : String(err) }, 'transactional e-mail failed before delivery');
      }
    })();
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  async function sendToUser(templateName: string, userId: string, values: PlaceholderValues): Promise<void> {
    const user = await customer(deps, userId);
    if (!user) return;
    const settings = await readSystemSettings(deps);
    await sendTemplatedEmail(deps, {
      templateName,
      to: user.email,
      userId: user.id,
      emailType: templateName,
      values: { siteName: settings.general.siteName, appUrl: app, firstName: user.first_name ?? 'there', lastName: user.last_name ?? '', email: user.email, ...values },
    });
  }

  async function payment(templateName: 'payment_receipt' | 'payment_failed', transactionId: string): Promise<void> {
    const tx = await findTransactionForEmail(deps.db, transactionId);
    if (!tx) return;
    await sendToUser(templateName, tx.user_id, {
      amount: money(tx.amount_cents, tx.currency),
      description: tx.description ?? 'Subscription payment',
      date: tx.transaction_date.toISOString().slice(0, 10),
      receiptUrl: tx.stripe_receipt_url ?? `${app}/profile`,
      billingUrl: `${app}/pricing`,
    });
  }

  return {
    welcome: (userId) => inBackground('welcome', () => sendToUser('welcome', userId, {})),
    projectComplete: (userId, projectId) =>
      inBackground('project_complete', async () => {
        const project = await findProjectTitle(deps.db, projectId);
        await sendToUser('project_complete', userId, { projectTitle: project?.title ?? 'Your project', projectUrl: `${app}/project/${projectId}` });
      }),
    paymentSucceeded: (transactionId) => inBackground('payment_receipt', () => payment('payment_receipt', transactionId)),
    paymentFailed: (transactionId) => inBackground('payment_failed', () => payment('payment_failed', transactionId)),
    settled: async () => {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
