import { createTheme, type MantineColorsTuple } from '@mantine/core';

// The customer app's violet 'reel' primary, so both apps read as one product; shade 6 keeps 5:1 on white text.
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

export const theme = createTheme({
  primaryColor: 'reel',
  primaryShade: { light: 6, dark: 5 },
  colors: { reel },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '800' },
  defaultRadius: 'md',
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
});
