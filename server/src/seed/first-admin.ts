/**
 * The first admin (decisions.md#users-organizations-seats): created from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or by `npm run create-admin`, when the database has no admin yet.
 */
import { eq } from 'drizzle-orm';
import { Role } from '@practica/contract';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';

export interface NewAdmin {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates the admin unless one with that email exists. Returns 'created' or 'exists'.
 * The email is stored lower-cased.
 */
export async function ensureAdmin(db: Db, admin: NewAdmin): Promise<'created' | 'exists'> {
  const email = admin.email.trim().toLowerCase();
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (found.length > 0) return 'exists';
  await db.insert(users).values({
    email,
    firstName: admin.firstName ?? 'System',
    lastName: admin.lastName ?? 'Admin',
    passwordHash: await hashPassword(admin.password),
    roleId: Role.Admin,
  });
  return 'created';
}

/** True when at least one admin exists. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, Role.Admin))
    .limit(1);
  return found.length > 0;
}
