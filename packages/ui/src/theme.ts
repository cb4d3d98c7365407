import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

// A violet 'reel' primary shared by both apps, so they read as one product; shade 6 on white text keeps
// a contrast ratio above 5:1.
const reel: MantineColorsTuple = [
  '#f3efff',
  '#e2dbff',
  '#c2b3ff',
  '#a088ff',
  '#8464fe',
  '#724dfe',
  '#6741ff',
  '#5733e4',
  '#4c2ccc',
  '#3f23b4',
];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export interface AppThemeOptions {
  /** Delay before any tooltip opens, in ms; unset keeps Mantine's (none). */
  tooltipOpenDelay?: number;
}

/** The Mantine theme of both apps; each app passes only what it does differently. */
export function createAppTheme({ tooltipOpenDelay }: AppThemeOptions = {}): MantineThemeOverride {
  return createTheme({
    primaryColor: 'reel',
    primaryShade: { light: 6, dark: 5 },
    colors: { reel },
    fontFamily: fontStack,
    headings: { fontFamily: fontStack, fontWeight: '800' },
    defaultRadius: 'md',
    focusRing: 'auto',
    respectReducedMotion: true,
    cursorType: 'pointer',
    // A plain object rather than Tooltip.extend, so a bundle that shows no tooltip does not carry Tooltip.
    ...(tooltipOpenDelay === undefined ? {} : { components: { Tooltip: { defaultProps: { openDelay: tooltipOpenDelay } } } }),
  });
}
