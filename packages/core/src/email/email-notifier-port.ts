// What services need of e-mail (CoreDeps.email), apart from how it is delivered: no imports, so the
// dependencies' type can name it without an import cycle.

/**
 * The transactional mails. Each call returns at once: the mail is rendered, logged and delivered in
 * the background after the caller's transaction has committed, so a slow or broken SMTP server never
 * delays or fails the customer's request. The e-mail log row is the durable record of each attempt.
 */
export interface EmailNotifier {
  welcome(userId: string): void;
  projectComplete(userId: string, projectId: string): void;
  paymentSucceeded(transactionId: string): void;
  paymentFailed(transactionId: string): void;
}
