import { webhookMessages, type WebhookDelivery, type WebhookEndpoint } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { secretShownOnceWarning, WebhooksPanelView, type WebhooksPanelViewProps } from './webhooks-panel-view.tsx';

const endpoint = (n: number, extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  url: `https://hooks.example.com/${n}`,
  description: `Server ${n}`,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  ...extra,
});

const delivery = (attempt: number, extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `d${attempt}`,
  eventId: 'msg_abc',
  eventType: 'generation.succeeded',
  endpointId: endpoint(1).id,
  endpointUrl: endpoint(1).url,
  attempt,
  statusCode: 200,
  error: null,
  durationMs: 42,
  nextRetryAt: null,
  createdAt: new Date('2026-11-25T09:00:00Z'),
  ...extra,
});

function props(overrides: Partial<WebhooksPanelViewProps> = {}): WebhooksPanelViewProps {
  return {
    endpoints: [],
    loadError: null,
    deliveries: [],
    onCreate: vi.fn(),
    creating: false,
    createError: null,
    created: null,
    onCloseCreated: vi.fn(),
    onDelete: vi.fn(),
    deleting: false,
    confirmingDelete: null,
    onAskDelete: vi.fn(),
    onSendTest: vi.fn(),
    sendingTestTo: null,
    onCopy: vi.fn(async () => {}),
    ...overrides,
  };
}

function WithConfirmation(overrides: Partial<WebhooksPanelViewProps>) {
  const [confirming, setConfirming] = useState<WebhookEndpoint | null>(null);
  return <WebhooksPanelView {...props(overrides)} confirmingDelete={confirming} onAskDelete={setConfirming} />;
}

describe('WebhooksPanelView', () => {
  it('lists endpoints with description, URL and date, and the delivery log with status, error and next retry', () => {
    const deliveries = [delivery(2), delivery(1, { statusCode: 500, error: 'HTTP 500', nextRetryAt: new Date('2026-11-25T09:00:05Z') })];
    renderWithMantine(<WebhooksPanelView {...props({ endpoints: [endpoint(1), endpoint(2, { description: '🚀 Staging' })], deliveries })} />);
    const items = within(screen.getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Server 1')).toBeTruthy();
    expect(within(items[0]!).getByText('https://hooks.example.com/1')).toBeTruthy();
    expect(within(items[1]!).getByText('🚀 Staging')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Webhook deliveries' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('200')).toBeTruthy();
    expect(within(rows[2]!).getByText('HTTP 500')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('msg_abc')).toHaveLength(1);
    expect(within(rows[1]!).getByText('—')).toBeTruthy();
  });

  it('says when there are no endpoints or deliveries, and when endpoints could not be loaded', () => {
    const { unmount } = renderWithMantine(<WebhooksPanelView {...props()} />);
    expect(screen.getByText('No webhook endpoints yet')).toBeTruthy();
    expect(screen.getByText('No deliveries yet.')).toBeTruthy();
    unmount();
    renderWithMantine(<WebhooksPanelView {...props({ endpoints: undefined, loadError: 'Network down' })} />);
    expect(screen.getByText('Webhooks could not be loaded: Network down')).toBeTruthy();
  });

  it('checks the URL and description with the shared rules before sending, and sends them trimmed', async () => {
    const onCreate = vi.fn();
    renderWithMantine(<WebhooksPanelView {...props({ onCreate })} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Endpoint URL'), 'ftp://example.com/x');
    await user.type(screen.getByLabelText('Description'), 'evil\u202Etxt');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText(webhookMessages.urlHttps)).toBeTruthy();
    expect(screen.getByText(webhookMessages.descriptionInvisible)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), ' https://hooks.example.com/in ');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), ' Production ');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(onCreate).toHaveBeenCalledWith({ url: 'https://hooks.example.com/in', description: 'Production' });
  });

  it("shows the server's refusal and stops adding at five endpoints", () => {
    const { unmount } = renderWithMantine(<WebhooksPanelView {...props({ createError: webhookMessages.urlRefused })} />);
    expect(screen.getByText(webhookMessages.urlRefused)).toBeTruthy();
    unmount();
    renderWithMantine(<WebhooksPanelView {...props({ endpoints: [1, 2, 3, 4, 5].map((n) => endpoint(n)) })} />);
    expect((screen.getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You have 5 endpoints, the most allowed. Delete one to add another.')).toBeTruthy();
  });

  it('shows the signing secret once with a copy button', async () => {
    const onCopy = vi.fn(async () => {});
    renderWithMantine(<WebhooksPanelView {...props({ created: { ...endpoint(1), secret: 'whsec_c2VjcmV0' }, onCopy })} />);
    expect(await screen.findByText(secretShownOnceWarning)).toBeTruthy();
    expect(screen.getByLabelText('Signing secret').textContent).toBe('whsec_c2VjcmV0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(onCopy).toHaveBeenCalledWith('whsec_c2VjcmV0');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('sends a test event, and deletes only after confirmation', async () => {
    const onSendTest = vi.fn();
    const onDelete = vi.fn();
    renderWithMantine(<WithConfirmation endpoints={[endpoint(1)]} onSendTest={onSendTest} onDelete={onDelete} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send test event to Server 1' }));
    expect(onSendTest).toHaveBeenCalledWith(endpoint(1).id);
    await user.click(screen.getByRole('button', { name: 'Delete Server 1' }));
    expect(await screen.findByText('Delete “Server 1”?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep endpoint' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Server 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete endpoint' }));
    expect(onDelete).toHaveBeenCalledWith(endpoint(1).id);
  });
});
