import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createAppTheme } from '../theme.ts';

const theme = createAppTheme();

/** Renders inside MantineProvider's test mode (no transitions, no portals), with the apps' theme. */
export function renderWithMantine(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> & { wrapper?: (props: { children: ReactNode }) => ReactNode } = {}): RenderResult {
  const { wrapper: Outer, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      {Outer ? <Outer>{children}</Outer> : children}
    </MantineProvider>
  );
  return render(ui, { ...rest, wrapper: Wrapper });
}
