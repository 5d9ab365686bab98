/** The policy target of a user (000 §6): its organization, id and role. */
import type { Target, User } from '@practica/contract';

/** What `can()` needs to know about the user acted on. */
export function targetOf(user: Pick<User, 'id' | 'organizationId' | 'roleId'>): Target {
  return { organizationId: user.organizationId, userId: user.id, roleId: user.roleId };
}
