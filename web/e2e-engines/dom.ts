/**
 * Finding elements the way a user (and Playwright's role locators) names them, inside the page:
 * a query names a role and an accessible name (approximated: aria-label, aria-labelledby, the
 * input's labels, else the text without aria-hidden parts), or a text, or a CSS selector. Both
 * drivers run the same finder (`finderSource`, plain JavaScript in a string: code transpiled by
 * tsx carries helpers the page does not have), so a step finds the same element in every engine.
 */

/** Roles a query may name, each with the elements that have it. */
export type Role = 'button' | 'link' | 'textbox' | 'heading' | 'slider' | 'video';

/** A name as a regular expression (source and flags: a RegExp does not cross into the page). */
export interface NamePattern {
  re: string;
  flags?: string;
}

/** What to find. Exactly one of `role`, `text` and `css`; the rest narrows it. */
export interface Query {
  role?: Role;
  /** The accessible name: equal (exact), contained (case-insensitive) or matching a pattern. */
  name?: string | NamePattern;
  exact?: boolean;
  /** An element whose own text (the innermost holding it) contains this. */
  text?: string;
  css?: string;
  /** Only inside the first visible element matching this CSS selector (e.g. '[role=dialog]'). */
  within?: string;
  /** The n-th match, from 0. */
  nth?: number;
  /** Default true: only rendered elements count; false also finds visually hidden ones. */
  visible?: boolean;
}

/** How a query reads in a step's error. */
export function describe(q: Query): string {
  const name =
    typeof q.name === 'string'
      ? ` "${q.name}"`
      : q.name
        ? ` /${q.name.re}/${q.name.flags ?? ''}`
        : '';
  const what = q.role ? `${q.role}${name}` : q.text ? `text "${q.text}"` : `css ${q.css}`;
  return `${what}${q.within ? ` in ${q.within}` : ''}${q.nth ? ` #${q.nth}` : ''}`;
}

/**
 * The in-page finder: a JavaScript function expression `(query) => Element | null`, the query's
 * first (or n-th) match or null.
 */
export const finderSource = String.raw`(q) => {
  const roles = {
    button: 'button, [role=button], input[type=button], input[type=submit]',
    link: 'a[href], [role=link]',
    textbox:
      'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=url], textarea, [role=textbox]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    slider: '[role=slider], input[type=range]',
    video: 'video',
  };
  const textOf = (node) => {
    let s = '';
    for (const c of node.childNodes) {
      if (c.nodeType === 3) s += c.nodeValue;
      else if (c.nodeType === 1) {
        if (c.getAttribute('aria-hidden') === 'true' || c.tagName === 'STYLE' || c.tagName === 'SCRIPT') continue;
        s += textOf(c);
      }
    }
    return s;
  };
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label) return norm(label);
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return norm(by.split(/\s+/).map((id) => { const e = document.getElementById(id); return e ? textOf(e) : ''; }).join(' '));
    if (el.labels && el.labels.length > 0) return norm([...el.labels].map(textOf).join(' '));
    if (el.tagName === 'INPUT') return norm(el.getAttribute('placeholder') || el.value || '');
    return norm(textOf(el));
  };
  const shown = (el) => {
    if (!el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const wantsShown = q.visible !== false;
  const named = (name) => {
    if (q.name === undefined) return true;
    if (typeof q.name === 'string')
      return q.exact ? name === q.name : name.toLowerCase().includes(q.name.toLowerCase());
    return new RegExp(q.name.re, q.name.flags || '').test(name);
  };
  let scope = document;
  if (q.within) {
    scope = [...document.querySelectorAll(q.within)].find(shown);
    if (!scope) return null;
  }
  let found;
  if (q.role) {
    found = [...scope.querySelectorAll(roles[q.role])].filter((el) => named(nameOf(el)));
  } else if (q.text !== undefined) {
    const has = (el) => norm(textOf(el)).includes(q.text);
    found = [...scope.querySelectorAll('body *')].filter(
      (el) => el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE' && has(el) && ![...el.children].some(has),
    );
  } else {
    found = [...scope.querySelectorAll(q.css)];
  }
  if (wantsShown) found = found.filter(shown);
  return found[q.nth || 0] || null;
}`;

/**
 * In the page, `(el) => Promise<{ enabled, stable }>`: whether a user could use the element now
 * (no `disabled`, no `aria-disabled="true"`, not in a disabled fieldset) and whether its box
 * stayed put over two animation frames (at most ~100 ms: a page that paints no frames counts as
 * still).
 */
export const actionableSource = String.raw`(el) => new Promise((resolve) => {
  const box = () => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); };
  const before = box();
  let done = false;
  const answer = () => {
    if (done) return;
    done = true;
    const enabled = !el.disabled && el.getAttribute('aria-disabled') !== 'true' && !(el.closest && el.closest('fieldset:disabled'));
    resolve({ enabled, stable: el.isConnected && box() === before });
  };
  requestAnimationFrame(() => requestAnimationFrame(answer));
  setTimeout(answer, 100);
})`;

/**
 * In the page, `(query) => void`: watches the next press and click for whether they reach the
 * query's element (found again at the event, so a re-rendered element counts), as
 * `window.__enginesClick` = `{ pressed, clicked }`, each null or `{ hit, on }` (`on`: what got it
 * and where). A driver's click is a press and a release at a point computed before them: an
 * element that moves in between misses the release, and the browser sends no click at all.
 */
export const watchClickSource = String.raw`(q) => {
  const find = ${finderSource};
  const watch = { pressed: null, clicked: null };
  const where = (e) => {
    const t = e.target;
    const control = t && t.closest ? t.closest('button, a, input, label, [role]') : null;
    const what = control
      ? control.tagName.toLowerCase() + ' "' + (control.getAttribute('aria-label') || control.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 30) + '"'
      : t && t.tagName ? t.tagName.toLowerCase() : String(t);
    return what + ' at (' + Math.round(e.clientX) + ', ' + Math.round(e.clientY) + ')';
  };
  const seen = (e) => { const el = find(q); return { hit: Boolean(el && e.target instanceof Node && el.contains(e.target)), on: where(e) }; };
  const press = (e) => { if (!watch.pressed) watch.pressed = seen(e); };
  const click = (e) => { const s = seen(e); if (!watch.clicked || (s.hit && !watch.clicked.hit)) watch.clicked = s; };
  if (window.__enginesClick && window.__enginesClick.stop) window.__enginesClick.stop();
  document.addEventListener('mousedown', press, true);
  document.addEventListener('click', click, true);
  watch.stop = () => { document.removeEventListener('mousedown', press, true); document.removeEventListener('click', click, true); };
  window.__enginesClick = watch;
}`;

/** In the page, `() => { pressed, clicked } | null`: what `watchClickSource` saw (null: no watch, e.g. the page was loaded anew). */
export const clickSeenSource = String.raw`() => {
  const w = window.__enginesClick;
  return w ? { pressed: w.pressed, clicked: w.clicked } : null;
}`;

/** What `clickSeenSource` answers. */
export interface ClickSeen {
  pressed: { hit: boolean; on: string } | null;
  clicked: { hit: boolean; on: string } | null;
}
