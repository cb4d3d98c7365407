import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error.tsx';
import { renderWithMantine } from './testing/render.tsx';

function renderFailingRoute(thrown: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteError,
      Component: () => {
        throw thrown;
      },
    },
  ]);
  return renderWithMantine(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it("shows what went wrong, with the error's message, and offers a reload", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown error.
    renderFailingRoute(new Error('Failed to fetch dynamically imported module'));
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });

  it('shows no detail for something that is not an Error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderFailingRoute('plain text');
    expect(screen.getByText('The page could not be shown. Reloading usually fixes this.')).toBeTruthy();
    expect(container.textContent).not.toContain('plain text');
  });
});
