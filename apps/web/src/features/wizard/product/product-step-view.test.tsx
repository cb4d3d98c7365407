import { generationMessages } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { job } from '../test-fixtures.ts';
import { ProductStepMissingAvatar, ProductStepView, type ProductStepViewProps } from './product-step-view.tsx';

const idle = { active: false, job: undefined, startedAt: null };

function props(overrides: Partial<ProductStepViewProps> = {}): ProductStepViewProps {
  return {
    avatarUrl: '/media/avatar.png',
    aspect: '9:16',
    preview: null,
    onFile: vi.fn(),
    prompt: '',
    onPromptChange: vi.fn(),
    generation: idle,
    onGenerate: vi.fn(),
    skipping: false,
    skipSaving: false,
    skipped: false,
    onSkip: vi.fn(),
    variations: [],
    chosen: -1,
    choosing: false,
    onChooseVariation: vi.fn(),
    onNext: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
}

function WithPrompt(overrides: Partial<ProductStepViewProps>) {
  const [prompt, setPrompt] = useState('');
  return <ProductStepView {...props(overrides)} prompt={prompt} onPromptChange={setPrompt} />;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('ProductStepMissingAvatar', () => {
  it('says an avatar is needed and leads back to step 3', async () => {
    const user = userEvent.setup({ delay: null });
    const onGoToAvatar = vi.fn();
    renderWithMantine(<ProductStepMissingAvatar onGoToAvatar={onGoToAvatar} />);
    expect(screen.getByText(generationMessages.noAvatarForProduct)).toBeTruthy();
    await user.click(button('Go Back to Step 3'));
    expect(onGoToAvatar).toHaveBeenCalledOnce();
  });
});

describe('ProductStepView', () => {
  it('shows the chosen avatar, takes a product image and a description, and generates', async () => {
    const user = userEvent.setup({ delay: null });
    const onFile = vi.fn();
    const onGenerate = vi.fn();
    renderWithMantine(<WithPrompt onFile={onFile} onGenerate={onGenerate} />);

    expect(screen.getByRole('img', { name: 'Selected avatar' }).getAttribute('src')).toBe('/media/avatar.png');
    const bottle = new File(['png'], 'bottle.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('product-file-input'), bottle);
    expect(onFile).toHaveBeenCalledWith(bottle);

    const description = screen.getByRole('textbox', { name: /interaction description/i });
    await user.type(description, 'Holds it');
    expect((description as HTMLTextAreaElement).value).toBe('Holds it');
    await user.click(button('Generate 4 variations'));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it('shows the product image once there is one, with a way to change it', () => {
    renderWithMantine(<ProductStepView {...props({ preview: 'data:image/png;base64,AAAA' })} />);
    expect(screen.getByRole('img', { name: 'Product' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(button(/^Replace product image/)).toBeTruthy();
    expect(button('Change image')).toBeTruthy();
  });

  it('lists the variations and passes the chosen one on', async () => {
    const user = userEvent.setup({ delay: null });
    const onChooseVariation = vi.fn();
    const { rerender } = renderWithMantine(<ProductStepView {...props({ onChooseVariation })} />);
    expect(screen.getByText('Your product variations will appear here.')).toBeTruthy();

    rerender(<ProductStepView {...props({ onChooseVariation, variations: ['/media/p1.png', '/media/p2.png'], chosen: 0 })} />);
    expect(button('Variation 1 Selected').getAttribute('aria-pressed')).toBe('true');
    expect(button('Variation 2').getAttribute('aria-pressed')).toBe('false');
    await user.click(button('Variation 2'));
    expect(onChooseVariation).toHaveBeenCalledWith(1);
  });

  it('skips, then says step 5 is opening and holds everything still', async () => {
    const user = userEvent.setup({ delay: null });
    const onSkip = vi.fn();
    const { rerender } = renderWithMantine(<ProductStepView {...props({ onSkip })} />);
    await user.click(button('Skip'));
    expect(onSkip).toHaveBeenCalledOnce();

    rerender(<ProductStepView {...props({ onSkip, skipping: true })} />);
    expect(screen.getByText('Skipped — the avatar from Step 3 will be used. Opening Video Generation…')).toBeTruthy();
    expect(isDisabled(button('Skip'))).toBe(true);
    expect(isDisabled(button('Continue to Video Generation'))).toBe(true);
  });

  it('says when the saved project skips this step, unless a variation is chosen', () => {
    const { rerender } = renderWithMantine(<ProductStepView {...props({ skipped: true })} />);
    expect(screen.getByText('This step was skipped; the avatar from Step 3 is used for the videos.')).toBeTruthy();
    rerender(<ProductStepView {...props({ skipped: true, variations: ['/media/p1.png'], chosen: 0 })} />);
    expect(screen.queryByText(/This step was skipped/)).toBeNull();
  });

  it("shows the running job's progress and waits for it", () => {
    renderWithMantine(<ProductStepView {...props({ generation: { active: true, job: job({ kind: 'avatar_product', stage: 'Placing the product', percent: 60 }), startedAt: Date.now() } })} />);
    expect(screen.getByRole('progressbar', { name: 'Creating product variations progress' }).getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByText('Placing the product')).toBeTruthy();
    expect(isDisabled(button('Continue to Video Generation'))).toBe(true);
    expect(isDisabled(button('Skip'))).toBe(true);
  });

  it('goes on and back', async () => {
    const user = userEvent.setup({ delay: null });
    const onNext = vi.fn();
    const onBack = vi.fn();
    renderWithMantine(<ProductStepView {...props({ onNext, onBack })} />);
    await user.click(button('Continue to Video Generation'));
    await user.click(button('Previous Step'));
    expect(onNext).toHaveBeenCalledOnce();
    expect(onBack).toHaveBeenCalledOnce();
  });
});
