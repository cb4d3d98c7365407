import { apiKeyMessages, type ApiKey } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiKeysPanelView, shownOnceWarning, type ApiKeysPanelViewProps } from './api-keys-panel-view.tsx';

const apiKey = (n: number, extra: Partial<ApiKey> = {}): ApiKey => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Key ${n}`,
  prefix: `rsk_abc12${n}`,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  lastUsedAt: null,
  ...extra,
});

function props(overrides: Partial<ApiKeysPanelViewProps> = {}): ApiKeysPanelViewProps {
  return {
    keys: [],
    loadError: null,
    onCreate: vi.fn(),
    creating: false,
    createError: null,
    created: null,
    onCloseCreated: vi.fn(),
    onRevoke: vi.fn(),
    revoking: false,
    confirmingRevoke: null,
    onAskRevoke: vi.fn(),
    onCopy: vi.fn(async () => {}),
    ...overrides,
  };
}

/** The view with the confirmation state held as the real panel holds it. */
function WithConfirmation(overrides: Partial<ApiKeysPanelViewProps>) {
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  return <ApiKeysPanelView {...props(overrides)} confirmingRevoke={confirming} onAskRevoke={setConfirming} />;
}

describe('ApiKeysPanelView', () => {
  it('lists each key with its name, prefix, creation date and last use ("Never" before the first)', () => {
    renderWithMantine(<ApiKeysPanelView {...props({ keys: [apiKey(1), apiKey(2, { name: '🚀 Launch bot', lastUsedAt: new Date('2026-11-25T09:00:00Z') })] })} />);
    const items = within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Key 1')).toBeTruthy();
    expect(within(items[0]!).getByText('rsk_abc121…')).toBeTruthy();
    expect(within(items[0]!).getByText('Created Nov 20, 2026 · Last used Never')).toBeTruthy();
    expect(within(items[1]!).getByText('🚀 Launch bot')).toBeTruthy();
    expect(within(items[1]!).getByText('Created Nov 20, 2026 · Last used Nov 25, 2026')).toBeTruthy();
  });

  it('says when there are no keys yet, and when they could not be loaded', () => {
    const { unmount } = renderWithMantine(<ApiKeysPanelView {...props()} />);
    expect(screen.getByText('No API keys yet')).toBeTruthy();
    unmount();
    renderWithMantine(<ApiKeysPanelView {...props({ keys: undefined, loadError: 'Network down' })} />);
    expect(screen.getByText('API keys could not be loaded: Network down')).toBeTruthy();
  });

  it('creates a key with the trimmed name, and refuses a hostile one before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const onCreate = vi.fn();
    renderWithMantine(<ApiKeysPanelView {...props({ onCreate })} />);
    const name = screen.getByRole('textbox', { name: /Key name/ });

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText(apiKeyMessages.nameRequired)).toBeTruthy();
    await user.type(name, '<b>bold</b>');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText(apiKeyMessages.nameMarkup)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();

    await user.clear(name);
    await user.type(name, '  Zapier 🚀  ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(onCreate).toHaveBeenCalledWith('Zapier 🚀');
  });

  it("shows the server's refusal under the name, and stops offering keys at the limit", () => {
    const { unmount } = renderWithMantine(<ApiKeysPanelView {...props({ createError: apiKeyMessages.limit })} />);
    expect(screen.getByText(apiKeyMessages.limit)).toBeTruthy();
    unmount();
    renderWithMantine(<ApiKeysPanelView {...props({ keys: Array.from({ length: 10 }, (_, i) => apiKey(i)) })} />);
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Revoke one to create another/)).toBeTruthy();
  });

  it('shows a new key once, in a dialog that says it will not be shown again, and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    const onCopy = vi.fn(async () => {});
    const onCloseCreated = vi.fn();
    const secret = 'rsk_abc123DEF456ghi789JKL012mno345PQR678stu90';
    renderWithMantine(<ApiKeysPanelView {...props({ created: { ...apiKey(1), key: secret }, onCopy, onCloseCreated })} />);
    const dialog = screen.getByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByText(shownOnceWarning)).toBeTruthy();
    expect(shownOnceWarning).toMatch(/will not be shown again/);
    expect(within(dialog).getByLabelText('New API key').textContent).toBe(secret);

    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(onCopy).toHaveBeenCalledWith(secret);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onCloseCreated).toHaveBeenCalledOnce();
  });

  it('says so when the clipboard refuses, so the key can be copied by hand', async () => {
    const user = userEvent.setup({ delay: null });
    const onCopy = vi.fn(async () => {
      throw new Error('The clipboard is not available.');
    });
    renderWithMantine(<ApiKeysPanelView {...props({ created: { ...apiKey(1), key: 'rsk_x' }, onCopy })} />);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(screen.getByText('The key could not be copied. Select it and copy it by hand.')).toBeTruthy();
  });

  it('revokes only after confirmation, and keeping the key sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const onRevoke = vi.fn();
    renderWithMantine(<WithConfirmation keys={[apiKey(1), apiKey(2)]} onRevoke={onRevoke} />);

    await user.click(screen.getByRole('button', { name: 'Revoke Key 2' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(within(dialog).getByText('Revoke “Key 2”?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep key' }));
    expect(onRevoke).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Revoke Key 2' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(onRevoke).toHaveBeenCalledWith(apiKey(2).id);
  });
});
