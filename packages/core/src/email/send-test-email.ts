import { sendTestEmailInputSchema, type SendTestEmailInput } from '@reelsmith/shared';
import { writeAudit } from '../audit/write-audit.ts';
import type { AdminActor } from '../admin/admin-actor.ts';
import type { DeliveryResult, EmailDeps } from './deliver-email.ts';
import { deliverLoggedEmail } from './deliver-email.ts';
import { prepareTemplatedEmail } from './send-templated-email.ts';

export const testEmailSentMessage = 'Test email sent successfully. Check Email Logs to verify content.';

/** Sample values so a test send shows every placeholder of the default templates filled in. */
function sampleValues(publicUrl: string) {
  const app = publicUrl.replace(/\/$/, '');
  return {
    siteName: 'Reelsmith', appUrl: app, firstName: 'Test', lastName: 'Recipient', projectTitle: 'Sample project',
    projectUrl: `${app}/project/sample`, amount: '$19.00', description: 'Starter (monthly)', date: new Date().toISOString().slice(0, 10),
    receiptUrl: `${app}/profile`, billingUrl: `${app}/pricing`,
  };
}

/**
 * Sends an active template to any address and waits for the SMTP answer so the admin learns the
 * outcome. The log row and the audit entry are written together before delivery is tried.
 */
export async function sendTestEmail(
  deps: EmailDeps & { publicUrl: string },
  actor: AdminActor,
  raw: SendTestEmailInput,
): Promise<DeliveryResult & { message: string }> {
  const input = sendTestEmailInputSchema.parse(raw);
  const values = { ...sampleValues(deps.publicUrl), email: input.recipientEmail };
  const prepared = await deps.db.transaction().execute(async (trx) => {
    const result = await prepareTemplatedEmail({ ...deps, db: trx }, { templateName: input.templateName, to: input.recipientEmail, values, emailType: 'test', userId: null }, { requireActive: true });
    await writeAudit(trx, {
      action: 'email_test_send',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'email_log',
      resourceId: result.logId,
      details: { templateName: input.templateName, recipientEmail: input.recipientEmail },
    });
    return result;
  });
  const result = 'mail' in prepared ? await deliverLoggedEmail(deps, prepared.logId, prepared.mail) : prepared;
  const message =
    result.status === 'sent'
      ? testEmailSentMessage
      : result.status === 'pending'
        ? `The test email is waiting: ${result.error ?? 'the SMTP server asked us to try again later'}. Check Email Logs for the outcome.`
        : `The test email was not sent (${result.status}): ${result.error ?? 'unknown error'}`;
  return { ...result, message };
}
