/**
 * The toast container (000 §9: 5000 ms by default; at most 3 at once since decisions.md#console-flows §12, where
 * a stack of 4 reached the organization Assets tab's toggles, and a repeated text replaces itself). At the top center, over the
 * top bar's title, since decisions.md#review-loop §7: at the spec's bottom-right they covered the review screen's
 * Submit and average score (and the foot of other screens' panels); the title is no control.
 * Loaded lazily by `AppProviders`: its drag, transition and scroll-lock code is not needed to paint
 * the first page, and toasts shown before it arrives wait in Mantine's notifications store.
 */
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { defaultToastMs } from '@practica/contract';

/** Renders the notifications of Mantine's global store. */
export default function NotificationsHost() {
  return <Notifications position="top-center" autoClose={defaultToastMs} limit={3} zIndex={1000} />;
}
