import { DEFAULT_THEME, createTheme, type MantineColorsTuple } from '@mantine/core';
import { stepperColors } from '@practica/contract';
import { themeText } from '../config/brand';

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

/** A Mantine default palette with some shades replaced. */
function adjusted(base: MantineColorsTuple, shades: Record<number, string>): MantineColorsTuple {
  return base.map((value, index) => shades[index] ?? value) as unknown as MantineColorsTuple;
}

const { gray, red, teal, orange, yellow } = DEFAULT_THEME.colors;

/**
 * Mantine's palettes where the default shades miss a contrast of 4.5:1 (WCAG 1.4.3):
 * - gray 6 is the dimmed text (`c="dimmed"`, input descriptions, table headers): #868e96 has
 *   3.3:1 on white; the darker shade keeps 4.5:1 on white and on the gray-0/gray-1 surfaces;
 * - red 6 is the inputs' error text and red 7 (the primary shade) the filled buttons' background
 *   and the subtle buttons' text: #fa5252 and #f03e3e have 3.3:1 and 3.8:1 against white;
 * - shade 9 is the text of the light variant (badges, light buttons) on shade 1: teal, orange and
 *   yellow have 4.3:1, 3.6:1 and 2.7:1 there.
 */
const accessibleColors = {
  gray: adjusted(gray, { 6: '#676f77' }),
  red: adjusted(red, { 6: '#d62828', 7: '#c92a2a', 8: '#b02525', 9: '#962020' }),
  teal: adjusted(teal, { 9: '#066b4d' }),
  orange: adjusted(orange, { 9: '#b23a0c' }),
  yellow: adjusted(yellow, { 9: '#9c5200' }),
};

/** One calm theme for the whole console: neutral surfaces, red only for primary actions and focus. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { ...accessibleColors, brand },
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
    // The close icons have no text: give them their accessible name.
    Modal: {
      defaultProps: {
        centered: true,
        radius: 'md',
        closeButtonProps: { 'aria-label': themeText.close },
      },
    },
    Notification: {
      defaultProps: {
        radius: 'md',
        withBorder: true,
        closeButtonProps: { 'aria-label': themeText.close },
      },
    },
    // The first/previous/next/last arrows have no text either.
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof themeText.paginationControls) => ({
          'aria-label': themeText.paginationControls[control],
        }),
      },
    },
  },
});
