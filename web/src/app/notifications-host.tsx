/**
 * The toast container (000 §9: bottom-right, 5000 ms by default, at most 4 at once). Loaded lazily
 * by `AppProviders`: its drag, transition and scroll-lock code is not needed to paint the first
 * page, and toasts shown before it arrives wait in Mantine's notifications store.
 */
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { defaultToastMs } from '@practica/contract';

/** Renders the notifications of Mantine's global store. */
export default function NotificationsHost() {
  return (
    <Notifications position="bottom-right" autoClose={defaultToastMs} limit={4} zIndex={1000} />
  );
}
