import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AvatarStepView, type AvatarStepViewProps } from './avatar-step-view.tsx';

function props(overrides: Partial<AvatarStepViewProps> = {}): AvatarStepViewProps {
  return {
    hasProject: true,
    hasScenes: true,
    avatar: undefined,
    description: '',
    onDescriptionChange: vi.fn(),
    suggesting: false,
    onSuggest: vi.fn(),
    aspect: '9:16',
    onAspectChange: vi.fn(),
    model: 'google-imagen-4-ultra',
    onModelChange: vi.fn(),
    generating: false,
    generationJob: undefined,
    onGenerate: vi.fn(),
    uploading: false,
    onFile: vi.fn(),
    removing: null,
    onRemove: vi.fn(),
    saving: false,
    onChoose: vi.fn(),
    onNext: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
}

function WithDescription(overrides: Partial<AvatarStepViewProps>) {
  const [description, setDescription] = useState('');
  return <AvatarStepView {...props(overrides)} description={description} onDescriptionChange={setDescription} />;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('AvatarStepView: generate with AI', () => {
  it('generates once a description is written', async () => {
    const user = userEvent.setup({ delay: null });
    const onGenerate = vi.fn();
    renderWithMantine(<WithDescription onGenerate={onGenerate} />);
    expect(isDisabled(button('Generate 4 Avatar Variations'))).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Avatar description' }), 'A chef');
    await user.click(button('Generate 4 Avatar Variations'));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it('suggests a description from the scenes, and says when there are none', async () => {
    const user = userEvent.setup({ delay: null });
    const onSuggest = vi.fn();
    const { rerender } = renderWithMantine(<AvatarStepView {...props({ onSuggest })} />);
    await user.click(button('Suggest with AI'));
    expect(onSuggest).toHaveBeenCalledOnce();

    rerender(<AvatarStepView {...props({ hasScenes: false, onSuggest })} />);
    expect(isDisabled(button('Suggest with AI'))).toBe(true);
    expect(screen.getByText('The AI suggestion needs scenes: generate them in Step 1.')).toBeTruthy();
  });

  it('shows the chosen aspect ratio and model, and passes new choices on', async () => {
    const user = userEvent.setup({ delay: null });
    const onAspectChange = vi.fn();
    const onModelChange = vi.fn();
    renderWithMantine(<AvatarStepView {...props({ onAspectChange, onModelChange })} />);

    const aspects = within(screen.getByRole('group', { name: 'Aspect ratio' }));
    expect(aspects.getByRole('button', { name: '9:16 Portrait' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(aspects.getByRole('button', { name: '16:9 Landscape' }));
    expect(onAspectChange).toHaveBeenCalledWith('16:9');

    const models = within(screen.getByRole('group', { name: 'Model' }));
    expect(models.getByRole('button', { name: /^Google Imagen 4 Ultra/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(models.getByRole('button', { name: /^FLUX Kontext/ }));
    expect(onModelChange).toHaveBeenCalledWith('flux-kontext');
  });

  it('holds every choice still while avatars are generated, and shows progress', () => {
    renderWithMantine(<AvatarStepView {...props({ description: 'A chef', generating: true })} />);
    expect(screen.getByRole('progressbar', { name: 'Generating avatars progress' })).toBeTruthy();
    expect(isDisabled(button('16:9 Landscape'))).toBe(true);
    expect(isDisabled(button('Suggest with AI'))).toBe(true);
  });
});

describe('AvatarStepView: uploads', () => {
  it('takes a file from the upload tab and removes an upload', async () => {
    // The file input is visually hidden (its 'Choose a file' button opens it), so it takes no pointer events.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onFile = vi.fn();
    const onRemove = vi.fn();
    renderWithMantine(<AvatarStepView {...props({ onFile, onRemove, avatar: { uploaded: ['/media/u1.png', '/media/u2.png'], selected: '/media/u2.png' } })} />);

    await user.click(screen.getByRole('tab', { name: 'Upload Your Own' }));
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload an avatar image'), photo);
    expect(onFile).toHaveBeenCalledWith(photo);

    const uploads = within(screen.getByRole('tabpanel', { name: 'Upload Your Own' }));
    expect(uploads.getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual(['/media/u1.png', '/media/u2.png']);
    expect(uploads.getByText('Selected')).toBeTruthy();
    await user.click(uploads.getByRole('button', { name: 'Remove uploaded avatar 1' }));
    expect(onRemove).toHaveBeenCalledWith('/media/u1.png');
  });
});

describe('AvatarStepView: choosing and going on', () => {
  it('asks for avatars first, then for a choice, and goes on once one is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const onChoose = vi.fn();
    const onNext = vi.fn();
    const { rerender } = renderWithMantine(<AvatarStepView {...props({ onChoose, onNext })} />);
    expect(screen.getByText('Generate avatars first')).toBeTruthy();
    expect(isDisabled(button('Continue to Step 4'))).toBe(true);

    const variations = ['/media/a1.png', '/media/a2.png'];
    rerender(<AvatarStepView {...props({ onChoose, onNext, avatar: { variations } })} />);
    expect(screen.getByText('Select an avatar to continue')).toBeTruthy();
    await user.click(button('Choose AI avatar 2'));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ url: '/media/a2.png', selection: 1, source: 'ai' }));

    rerender(<AvatarStepView {...props({ onChoose, onNext, avatar: { variations, selected: 1 } })} />);
    expect(button('Choose AI avatar 2').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Select an avatar to continue')).toBeNull();
    await user.click(button('Continue to Step 4'));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('does not go on while a change is being saved', () => {
    renderWithMantine(<AvatarStepView {...props({ saving: true, avatar: { variations: ['/media/a1.png'], selected: 0 } })} />);
    expect(isDisabled(button('Continue to Step 4'))).toBe(true);
  });

  it('goes back to step 2', async () => {
    const user = userEvent.setup({ delay: null });
    const onBack = vi.fn();
    renderWithMantine(<AvatarStepView {...props({ onBack })} />);
    await user.click(button('Back to Step 2'));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
