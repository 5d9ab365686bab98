/**
 * A screen's single-key shortcuts (the review screen's Space, arrows, `c`, `1`–`5`, `j` …) and the
 * one rule of when a key is theirs: wherever the focus is, except
 * - in a text field (text inputs, text areas, selects, contenteditable, textbox/combobox roles):
 *   every key there is typing;
 * - on a control that uses the key itself: Space and Enter activate a focused button, link,
 *   checkbox, radio, switch, tab or menu item; the arrows move a slider, a radio group, the tabs or
 *   a menu;
 * - inside an open dialog, whose keys are its own.
 * So a key never reaches past the element the user aimed it at (a Space meant for the video never
 * ticks an option), and a shortcut keeps working after a click or a focus move that left the focus
 * on a star, a button or a group. `@mantine/hooks`' `useHotkeys` ignores every INPUT (a radio or a
 * checkbox too): `useScreenHotkeys` asks it to ignore nothing and applies this rule instead.
 */
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';

/** Input types that take typed text (an input without a type is a text input). */
const textInputTypes = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** Roles that take typed text. */
const textRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
/**
 * Roles of the controls Space and Enter activate and the arrow keys move as well (a radio, the
 * tabs, a menu's or a list's items).
 */
const selectableRoles = [
  'radio',
  'tab',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
  'option',
  'treeitem',
];
/** Roles whose element Space and Enter activate. */
const activatedRoles = new Set(['button', 'link', 'checkbox', 'switch', ...selectableRoles]);
/** Roles whose element moves with the arrow keys. */
const arrowRoles = new Set(['slider', 'scrollbar', 'spinbutton', ...selectableRoles]);
const arrowKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** Whether `element` takes typed text (where every key is typing). */
export function isTextField(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  // (jsdom has no isContentEditable: the attribute answers there.)
  if (
    element.isContentEditable ||
    element.closest('[contenteditable=""], [contenteditable="true"]')
  )
    return true;
  const role = element.getAttribute('role');
  if (role && textRoles.has(role)) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && textInputTypes.has(element.type || 'text');
}

/**
 * Whether the key `event` belongs to the element it was pressed on (see the module note): a text
 * field, a control using that key itself, or anything inside an open dialog. Then a screen
 * shortcut must leave it alone.
 */
export function keyBelongsToFocus(event: Pick<KeyboardEvent, 'key' | 'target'>): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (isTextField(target)) return true;
  if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
    return true;
  const role = target.getAttribute('role');
  const tag = target.tagName;
  const inputType = target instanceof HTMLInputElement ? target.type : null;
  if (event.key === ' ' || event.key === 'Enter') {
    if (tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && target.hasAttribute('href')))
      return true;
    if (inputType !== null) return true; // checkbox, radio, button, range, file, color …
    return role !== null && activatedRoles.has(role);
  }
  if (arrowKeys.has(event.key)) {
    if (inputType === 'radio' || inputType === 'range') return true;
    return role !== null && arrowRoles.has(role);
  }
  return false;
}

/** One shortcut: the `@mantine/hooks` hotkey, its handler, and its options. */
export type ScreenHotkey = [
  hotkey: string,
  handler: (event: KeyboardEvent) => void,
  options?: {
    /** Also in text fields and on controls (e.g. Ctrl/⌘+Enter, which types nothing). */
    everywhere?: boolean;
    /** Prevent the key's default when the shortcut runs (default true). */
    preventDefault?: boolean;
  },
];

/**
 * Registers `items` on the document for as long as the component is mounted: each runs unless the
 * key belongs to the focused element (`keyBelongsToFocus`), then prevents the key's default
 * (unless `preventDefault: false`). The handlers may change from render to render.
 */
export function useScreenHotkeys(items: readonly ScreenHotkey[]): void {
  useHotkeys(
    items.map(([hotkey, handler, options]): HotkeyItem => [
      hotkey,
      (event) => {
        if (!options?.everywhere && keyBelongsToFocus(event)) return;
        if (options?.preventDefault !== false) event.preventDefault();
        handler(event);
      },
      { preventDefault: false },
    ]),
    [],
  );
}
