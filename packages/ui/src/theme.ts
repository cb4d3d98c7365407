import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { accessibleColors } from './accessible-colors.ts';

// A violet 'reel' primary shared by both apps, so they read as one product; shade 6 on white text keeps
// a contrast ratio above 5:1.
export const reel: MantineColorsTuple = [
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

// The level buttons ('November 2026') keep their visible text as their name.
const calendarAriaLabels = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

export interface AppThemeOptions {
  /** Delay before any tooltip opens, in ms; unset keeps Mantine's (none). */
  tooltipOpenDelay?: number;
}

/** The Mantine theme of both apps; each app passes only what it does differently. */
export function createAppTheme({ tooltipOpenDelay }: AppThemeOptions = {}): MantineThemeOverride {
  return createTheme({
    primaryColor: 'reel',
    primaryShade: { light: 6, dark: 5 },
    // Mantine's palette with text-safe darker shades (accessible-colors.ts): the dimmed grey, badges,
    // red/teal/orange text and filled buttons all meet WCAG AA on the app's light backgrounds.
    colors: { ...accessibleColors, reel },
    fontFamily: fontStack,
    headings: { fontFamily: fontStack, fontWeight: '800' },
    defaultRadius: 'md',
    focusRing: 'auto',
    respectReducedMotion: true,
    cursorType: 'pointer',
    // Plain objects rather than Tooltip.extend etc., so a bundle that shows no tooltip does not carry Tooltip.
    components: {
      // A link is told from the text around it by more than its colour (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      // A dialog's × is a button with a name.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
      // A table wider than a phone scrolls sideways: its scroll area takes the focus so the arrow keys scroll it.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      // @mantine/dates pickers (the back office's ranges): the calendar's arrows are buttons with names.
      ...Object.fromEntries(['Calendar', 'DatePicker', 'DatePickerInput', 'DateInput'].map((name) => [name, { defaultProps: { ariaLabels: calendarAriaLabels } }])),
      // No focusable role="presentation" placeholder inside role="menu" (only menu items belong there):
      // an opened menu focuses its first item instead.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      ...(tooltipOpenDelay === undefined ? {} : { Tooltip: { defaultProps: { openDelay: tooltipOpenDelay } } }),
    },
  });
}
