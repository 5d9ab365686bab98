/**
 * The copy that every first load carries (the theme's accessible names, the document title's
 * brand), apart from the console's `uiText`, so the practice app's entry does not pull in the
 * console's whole copy. `uiText` re-exports these values under the same names.
 */
export const brandName = 'Practica';

/** Accessible names the theme gives Mantine's controls. */
export const themeText = {
  /** The close icon of dialogs and toasts. */
  close: 'Close',
  paginationControls: {
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
  },
} as const;
