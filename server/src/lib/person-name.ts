/**
 * How presenters name a person whose row may be gone: "First Last", or the catalogue's
 * 'Deleted user' when the person was erased (the join gave no first name).
 */
import { messages } from '@practica/contract';

/** "First Last" (trimmed), or `messages.deletedUser` when `firstName` is null. */
export function personName(firstName: string | null, lastName: string | null): string {
  return firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : messages.deletedUser;
}

/** The name of a person reference (`{firstName, lastName}`, null once erased): as `personName`. */
export function nameOf(person: { firstName: string; lastName: string } | null): string {
  return personName(person?.firstName ?? null, person?.lastName ?? null);
}
