import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkProjectTitle, RenameProjectDialog } from './rename-project-dialog.tsx';

function open(currentTitle = 'Untitled UGC Video') {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderWithMantine(<RenameProjectDialog opened currentTitle={currentTitle} saving={false} onCancel={onCancel} onSave={onSave} />);
  return { onSave, onCancel, input: screen.getByRole('textbox', { name: 'Title' }) };
}

describe('RenameProjectDialog', () => {
  it('starts from the current title and saves the new one, trimmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave, input } = open();
    expect((input as HTMLInputElement).value).toBe('Untitled UGC Video');
    await user.clear(input);
    await user.type(input, '  Spring launch: serum  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('Spring launch: serum');
  });

  it("refuses what the server would refuse, with the server's words, and saves nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave, input } = open();
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The title cannot be empty.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'x'.repeat(121));
    await user.keyboard('{Enter}');
    expect(screen.getByText('The title can be at most 120 characters.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps hostile text as text, and an unchanged title closes without a save', async () => {
    const user = userEvent.setup({ delay: null });
    const hostile = '<img src=x onerror=alert(1)> "quotes" & ✨';
    const { onSave, onCancel, input } = open(hostile);
    expect((input as HTMLInputElement).value).toBe(hostile);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('checks titles as the shared schema does', () => {
    expect(checkProjectTitle('  A title ')).toEqual({ title: 'A title' });
    expect(checkProjectTitle('')).toEqual({ error: 'The title cannot be empty.' });
  });
});
