import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { stepperColors } from '@practica/contract';

/**
 * The brand red, built around the spec's stepper colours (001 §9): shade 6 is the active colour
 * (#ed1d24) and shade 8 the completed one (#a10308). Filled buttons use shade 7 so white text keeps
 * a contrast above 4.5:1.
 */
const brand: MantineColorsTuple = [
  '#fff0f0',
  '#ffdcdd',
  '#ffb4b6',
  '#ff878a',
  '#fb5b60',
  '#f43a40',
  stepperColors.active,
  '#c8141b',
  stepperColors.completed,
  '#7a0006',
];

/** One calm theme for the whole console: neutral surfaces, red only for primary actions and focus. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.375rem', lineHeight: '1.3' },
      h2: { fontSize: '1.125rem', lineHeight: '1.35' },
      h3: { fontSize: '1rem', lineHeight: '1.4' },
    },
  },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
  },
});
