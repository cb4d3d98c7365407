import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CenteredLoader } from './centered-loader.tsx';
import { renderWithMantine } from './testing/render.tsx';

describe('CenteredLoader', () => {
  it('announces its label as a polite status', () => {
    renderWithMantine(<CenteredLoader label="Loading your projects" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Loading your projects');
  });

  it("says 'Loading' by default", () => {
    renderWithMantine(<CenteredLoader />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
