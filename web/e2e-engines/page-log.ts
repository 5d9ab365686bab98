/**
 * A small log kept inside the page, for what a failing step cannot show in a screenshot: console
 * errors and warnings, uncaught errors and rejections, the camera's tracks (made, ended, and their
 * readyState), MediaRecorder's calls and events, every pointer press and click with its target
 * and whether that was disabled, and each change of the practice recorder's buttons (name, middle
 * in CSS px, disabled state) and status lines. Plain JavaScript in strings (as dom.ts: code transpiled by tsx carries helpers
 * the page does not have); installed once per page load, it costs nothing the app notices.
 */

/**
 * `() => void`: installs the log as `window.__enginesLog` (entries `{ t, what }`, `t` in ms since
 * the page's time origin). A second call on the same page does nothing.
 */
export const installPageLog = String.raw`() => {
  if (window.__enginesLog) return;
  const log = [];
  window.__enginesLog = log;
  const add = (what) => { log.push({ t: Math.round(performance.now()), what }); if (log.length > 2000) log.shift(); };
  const str = (v) => { try { return v instanceof Error ? v.name + ': ' + v.message : typeof v === 'string' ? v : JSON.stringify(v); } catch { return String(v); } };
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { add('console.' + level + ' ' + args.map(str).join(' ').slice(0, 500)); original(...args); };
  }
  window.addEventListener('error', (e) => add('error ' + (e.message || str(e.error))));
  window.addEventListener('unhandledrejection', (e) => add('unhandledrejection ' + str(e.reason)));

  const tracks = [];
  const describeTrack = (tr) => tr.kind + ' ' + tr.readyState + (tr.muted ? ' muted' : '') + (tr.enabled ? '' : ' disabled');
  window.__enginesTracks = () => tracks.map(describeTrack);
  const md = navigator.mediaDevices;
  if (md && md.getUserMedia) {
    const gum = md.getUserMedia.bind(md);
    md.getUserMedia = async (constraints) => {
      add('getUserMedia asked');
      try {
        const stream = await gum(constraints);
        for (const tr of stream.getTracks()) {
          tracks.push(tr);
          tr.addEventListener('ended', () => add('track ended by the browser: ' + describeTrack(tr)));
          tr.addEventListener('mute', () => add('track muted: ' + tr.kind));
          tr.addEventListener('unmute', () => add('track unmuted: ' + tr.kind));
        }
        add('getUserMedia gave ' + stream.getTracks().map(describeTrack).join(', '));
        return stream;
      } catch (e) {
        add('getUserMedia failed ' + str(e));
        throw e;
      }
    };
  }
  if (window.MediaRecorder) {
    const proto = MediaRecorder.prototype;
    const wrap = (name) => {
      const original = proto[name];
      proto[name] = function (...args) {
        add('MediaRecorder.' + name + '(' + args.map(str).join(', ') + ') in state ' + this.state);
        if (!this.__enginesWatched) {
          this.__enginesWatched = true;
          for (const type of ['start', 'stop', 'error', 'pause', 'resume'])
            this.addEventListener(type, () => add('MediaRecorder ' + type + ' event'));
          this.addEventListener('dataavailable', (e) => add('MediaRecorder data ' + (e.data ? e.data.size : 0) + ' bytes'));
        }
        return original.apply(this, args);
      };
    };
    for (const name of ['start', 'stop']) wrap(name);
  }

  const label = (el) => {
    if (!el || !el.closest) return String(el);
    const b = el.closest('button, a, [role=button], input');
    const target = b || el;
    const text = (target.getAttribute('aria-label') || target.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return target.tagName.toLowerCase() + (text ? ' "' + text + '"' : '') + (target.disabled ? ' (disabled)' : '');
  };
  for (const type of ['pointerdown', 'mousedown', 'click'])
    document.addEventListener(type, (e) => add(type + ' at ' + Math.round(e.clientX) + ',' + Math.round(e.clientY) + ' on ' + label(e.target) + (e.isTrusted ? '' : ' (untrusted)')), true);

  let last = '';
  const buttons = () => [...document.querySelectorAll('button')]
    .filter((b) => /^(Record|Stop|Retake|Next question|Try again)$/.test((b.textContent || '').trim()))
    .map((b) => { const r = b.getBoundingClientRect(); return (b.textContent || '').trim() + '@' + Math.round(r.x + r.width / 2) + ',' + Math.round(r.y + r.height / 2) + (b.disabled ? ' (disabled)' : ''); })
    .join(', ');
  const status = () => { const s = [...document.querySelectorAll('[role=status]')].map((e) => (e.textContent || '').trim()).filter(Boolean); return s.join(' | ').slice(0, 120); };
  new MutationObserver(() => {
    const now = 'buttons [' + buttons() + '] status [' + status() + ']';
    if (now !== last) { last = now; add(now); }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'], characterData: true });
  add('page log installed at ' + location.pathname);
}`;

/**
 * `() => string[]`: the log's lines (`+1234 ms what`), then the tracks' states now and the
 * recorder's buttons with their disabled state.
 */
export const readPageLog = String.raw`() => {
  const log = window.__enginesLog;
  if (!log) return ['(no page log: the page was loaded again after it was installed)'];
  const lines = log.map((e) => '+' + e.t + ' ms ' + e.what);
  lines.push('now: tracks [' + (window.__enginesTracks ? window.__enginesTracks().join(', ') : '') + ']');
  lines.push('now: buttons [' + [...document.querySelectorAll('button')].map((b) => (b.textContent || b.getAttribute('aria-label') || '').trim() + (b.disabled ? ' (disabled)' : '')).filter(Boolean).join(', ') + ']');
  return lines;
}`;

/** `(what) => void`: adds a line of the driver's own (e.g. what it is about to click) to the log. */
export const markPageLog = String.raw`(what) => {
  if (window.__enginesLog) window.__enginesLog.push({ t: Math.round(performance.now()), what: 'driver: ' + what });
}`;
