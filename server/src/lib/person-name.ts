/**
 * How presenters name a person whose row may be gone: "First Last", or the catalogue's
 * 'Deleted user' when the person was erased (the join gave no first name).
 */
import { messages } from '@practica/contract';

/** "First Last" (trimmed), or `messages.deletedUser` when `firstName` is null. */
export function personName(firstName: string | null, lastName: string | null): string {
  return firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : messages.deletedUser;
}
