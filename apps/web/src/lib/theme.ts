import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A violet 'reel' primary; shade 6 on white text keeps a contrast ratio above 5:1.
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
  // Spec §9: tooltips open after 700 ms (Tooltip.Group adds the 300 ms skip delay where tooltips sit together).
  // A plain object rather than Tooltip.extend, so the landing bundle does not carry Tooltip.
  components: {
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});
