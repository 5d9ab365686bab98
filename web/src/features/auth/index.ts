/**
 * The auth feature of the console (000 §3 'Logged-in user'): keeping the signed-in session fresh
 * while the console is open. The sign-in and reset-request forms both apps use live in web/shared
 * (`@shared/auth/…`). What app/ composes; other features never import it.
 */
export { useSessionRefresh } from './api/refresh-session';
