/**
 * Toasts (000 §9): 5000 ms auto-close by default; a 2500 ms variant shown at top-center.
 * One helper so every screen shows success and error messages the same way. A text shown again
 * replaces its toast instead of stacking a copy.
 */
import { notifications } from '@mantine/notifications';
import { defaultToastMs, topCenterToastMs } from '@practica/contract';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';

type Tone = 'success' | 'error' | 'info';

const tones = {
  success: { color: 'teal', icon: <IconCheck size={18} aria-hidden /> },
  error: { color: 'red', icon: <IconAlertCircle size={18} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} aria-hidden /> },
} as const;

/** The toast now showing each text, so the same text replaces itself instead of stacking. */
const shownIds = new Map<string, string>();

function show(tone: Tone, message: string, topCenter: boolean): string {
  const { color, icon } = tones[tone];
  // decisions.md#console-flows §12: toggling five assets stacked five equal toasts over the next toggles. The
  // same text (and tone) replaces the one on screen; the container shows at most three.
  const key = `${tone}:${message}`;
  const previous = shownIds.get(key);
  if (previous) notifications.hide(previous);
  const id = notifications.show({
    onClose: () => {
      if (shownIds.get(key) === id) shownIds.delete(key);
    },
    message,
    color,
    icon,
    autoClose: topCenter ? topCenterToastMs : defaultToastMs,
    ...(topCenter ? { position: 'top-center' as const } : {}),
    role: tone === 'error' ? 'alert' : 'status',
  });
  shownIds.set(key, id);
  return id;
}

/** Default toasts: 5000 ms, top center (notifications-host.tsx says why). */
export const toast = {
  success: (message: string) => show('success', message, false),
  error: (message: string) => show('error', message, false),
  info: (message: string) => show('info', message, false),
  /** The 2500 ms top-center variant (000 §9). */
  topCenter: {
    success: (message: string) => show('success', message, true),
    error: (message: string) => show('error', message, true),
    info: (message: string) => show('info', message, true),
  },
};
