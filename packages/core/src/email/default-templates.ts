// The transactional templates every installation starts with; admins edit them on the Email Settings
// screen. Placeholders are filled by the EmailNotifier (see its values for each template).

export interface DefaultTemplate {
  name: string;
  subject: string;
  description: string;
  htmlContent: string;
  textContent: string;
}

export const defaultEmailTemplates: DefaultTemplate[] = [
  {
    name: 'welcome',
    subject: 'Welcome to {{siteName}}, {{firstName}}!',
    description: 'Sent on a customer’s first sign-in. Placeholders: firstName, lastName, email, siteName, appUrl.',
    htmlContent:
      '<h1>Welcome, {{firstName}}!</h1><p>Thanks for joining <strong>{{siteName}}</strong>. Your Free plan lets you make your first talking-avatar video today.</p>' +
      '<p><a href="{{appUrl}}" target="_blank" rel="noopener noreferrer">Create your first video</a></p>',
    textContent: 'Welcome, {{firstName}}!\n\nThanks for joining {{siteName}}. Your Free plan lets you make your first talking-avatar video today.\n\nCreate your first video: {{appUrl}}',
  },
  {
    name: 'project_complete',
    subject: 'Your video "{{projectTitle}}" is ready',
    description: 'Sent when a project’s final video is made. Placeholders: firstName, projectTitle, projectUrl, siteName.',
    htmlContent:
      '<h2>Your video is ready</h2><p>Hi {{firstName}}, the final video of <strong>{{projectTitle}}</strong> has been made.</p>' +
      '<p><a href="{{projectUrl}}" target="_blank" rel="noopener noreferrer">Watch and share it</a></p>',
    textContent: 'Hi {{firstName}},\n\nThe final video of "{{projectTitle}}" has been made.\n\nWatch and share it: {{projectUrl}}',
  },
  {
    name: 'payment_receipt',
    subject: 'Receipt: {{amount}} for {{siteName}}',
    description: 'Sent when a payment succeeds. Placeholders: firstName, amount, description, date, receiptUrl, siteName.',
    htmlContent:
      '<h2>Thank you for your payment</h2><p>Hi {{firstName}}, we received <strong>{{amount}}</strong> on {{date}} for {{description}}.</p>' +
      '<p><a href="{{receiptUrl}}" target="_blank" rel="noopener noreferrer">View your billing</a></p>',
    textContent: 'Hi {{firstName}},\n\nWe received {{amount}} on {{date}} for {{description}}.\n\nView your billing: {{receiptUrl}}',
  },
  {
    name: 'payment_failed',
    subject: 'Your payment of {{amount}} did not go through',
    description: 'Sent when a payment fails. Placeholders: firstName, amount, description, date, billingUrl, siteName.',
    htmlContent:
      '<h2>Your payment did not go through</h2><p>Hi {{firstName}}, the payment of <strong>{{amount}}</strong> for {{description}} failed on {{date}}.</p>' +
      '<p>Please update your payment method to keep creating videos: <a href="{{billingUrl}}" target="_blank" rel="noopener noreferrer">Billing</a></p>',
    textContent: 'Hi {{firstName}},\n\nThe payment of {{amount}} for {{description}} failed on {{date}}.\n\nPlease update your payment method to keep creating videos: {{billingUrl}}',
  },
];
