/**
 * When a screen's single-key shortcut leaves a key alone (`keyBelongsToFocus`): typing in a text
 * field; Space and Enter on a button, link, checkbox or radio; the arrows on a radio, a slider or a
 * tab; anything inside an open dialog. Everywhere else (a star group, a plain element, a checkbox's
 * letters) the shortcut runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isTextField, keyBelongsToFocus } from './screen-hotkeys';

const hosts: HTMLElement[] = [];
// Testing Library's cleanup knows only what it rendered; the next file may share this document.
afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});

/** An element made from `html`, attached to the document (until the test ends). */
function element(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  hosts.push(host);
  return host.querySelector('[data-target]') ?? (host.firstElementChild as HTMLElement);
}
const on = (target: HTMLElement, key: string) => keyBelongsToFocus({ key, target });

describe('keyBelongsToFocus', () => {
  it('gives every key to a text field, none of a checkbox’s or radio’s letters', () => {
    for (const html of [
      '<input>',
      '<input type="search">',
      '<input type="number">',
      '<textarea></textarea>',
      '<select></select>',
      '<div role="combobox"></div>',
      '<div contenteditable="true"></div>',
    ]) {
      const field = element(html);
      expect(isTextField(field), html).toBe(true);
      for (const key of ['c', '4', ' ', 'ArrowLeft']) expect(on(field, key), html).toBe(true);
    }
    for (const html of ['<input type="checkbox">', '<input type="radio">', '<button></button>']) {
      expect(isTextField(element(html)), html).toBe(false);
      for (const key of ['c', '4', 'j', '?']) expect(on(element(html), key), html).toBe(false);
    }
  });

  it('leaves Space and Enter to what they activate, the arrows to what they move', () => {
    for (const html of [
      '<button></button>',
      '<a href="/x"></a>',
      '<input type="checkbox">',
      '<input type="radio">',
      '<div role="tab"></div>',
      '<div role="menuitem"></div>',
    ]) {
      expect(on(element(html), ' '), html).toBe(true);
      expect(on(element(html), 'Enter'), html).toBe(true);
    }
    for (const html of [
      '<input type="radio">',
      '<div role="slider"></div>',
      '<button role="tab"></button>',
    ])
      expect(on(element(html), 'ArrowRight'), html).toBe(true);
    // A button has no arrows; a group the screen focused has neither Space nor arrows.
    expect(on(element('<button></button>'), 'ArrowLeft')).toBe(false);
    const group = element('<div role="radiogroup" tabindex="-1"></div>');
    for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'c']) expect(on(group, key)).toBe(false);
  });

  it('leaves every key inside an open dialog to it', () => {
    const inDialog = element('<div role="dialog"><button data-target></button></div>');
    expect(on(inDialog, 'c')).toBe(true);
  });
});
