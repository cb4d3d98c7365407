import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Logo, LogoMark } from './logo.tsx';
import { renderWithMantine } from './testing/render.tsx';

describe('Logo', () => {
  it('is a link home named after the product when given a path', () => {
    renderWithMantine(<Logo to="/" />, { wrapper: MemoryRouter });
    const link = screen.getByRole('link', { name: 'Reelsmith home' });
    expect(link.getAttribute('href')).toBe('/');
    expect(link.textContent).toBe('Reelsmith');
  });

  it('shows the tag after the wordmark, and no link without a path', () => {
    renderWithMantine(<Logo tag="Admin" size="sm" />);
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('svg')?.getAttribute('width')).toBe('30');
  });
});

describe('LogoMark', () => {
  it('gives each mark its own gradient, referenced by its own shape', () => {
    const { container } = renderWithMantine(
      <>
        <LogoMark />
        <LogoMark size={28} />
      </>,
    );
    const gradients = [...container.querySelectorAll('linearGradient')].map((gradient) => gradient.id);
    const fills = [...container.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(new Set(gradients).size).toBe(2);
    expect(fills).toEqual(gradients.map((id) => `url(#${id})`));
  });
});
