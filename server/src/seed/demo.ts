/**
 * Demo data for the embedded default (issue 2; later issues extend it): two organizations and
 * the demo accounts, all with password `demo1234`. Idempotent: a database that already has the
 * demo admin is left as it is.
 */
import { eq } from 'drizzle-orm';
import { Role, type RoleId } from '@practica/contract';
import type { Db } from '../db/client.js';
import { contacts, organizations, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';

export const demoPassword = 'demo1234';

/** The accounts printed at start and listed in the README. */
export const demoAccounts = [
  { email: 'admin@demo.test', role: 'Admin (id 1)' },
  { email: 'manager@demo.test', role: "Manager of 'Demo Academy'" },
  { email: 'instructor@demo.test', role: 'Instructor with the creator flag' },
  { email: 'instructor2@demo.test', role: 'Instructor' },
  { email: 'trainee@demo.test', role: 'Trainee in Demo Academy (the web sends trainees to /app)' },
  { email: 'manager2@demo.test', role: "Manager of 'Northwind Training'" },
] as const;

interface SeedUser {
  email: string;
  firstName: string;
  lastName: string;
  roleId: RoleId;
  org: 'demo' | 'northwind' | null;
  creator?: boolean;
  active?: boolean;
  deleted?: boolean;
  phoneNumber?: string;
}

const people: SeedUser[] = [
  {
    email: 'admin@demo.test',
    firstName: 'Ada',
    lastName: 'Admin',
    roleId: Role.Admin,
    org: null,
    phoneNumber: '5550100001',
  },
  {
    email: 'manager@demo.test',
    firstName: 'Maya',
    lastName: 'Manning',
    roleId: Role.Manager,
    org: 'demo',
    phoneNumber: '5550100002',
  },
  {
    email: 'instructor@demo.test',
    firstName: 'Ian',
    lastName: 'Instructor',
    roleId: Role.Instructor,
    org: 'demo',
    creator: true,
    phoneNumber: '5550100003',
  },
  {
    email: 'instructor2@demo.test',
    firstName: 'Irene',
    lastName: 'Iverson',
    roleId: Role.Instructor,
    org: 'demo',
  },
  {
    email: 'trainee@demo.test',
    firstName: 'Tom',
    lastName: 'Trainee',
    roleId: Role.Trainee,
    org: 'demo',
  },
  {
    email: 'manager2@demo.test',
    firstName: 'Nora',
    lastName: 'Northwind',
    roleId: Role.Manager,
    org: 'northwind',
  },
  {
    email: 'admin2@demo.test',
    firstName: 'Alan',
    lastName: 'Archer',
    roleId: Role.Admin,
    org: null,
  },
  {
    email: 'tessa@demo.test',
    firstName: 'Tessa',
    lastName: 'Tran',
    roleId: Role.Trainee,
    org: 'demo',
  },
  {
    email: 'omar@demo.test',
    firstName: 'Omar',
    lastName: 'Okafor',
    roleId: Role.Trainee,
    org: 'demo',
  },
  {
    email: 'priya@demo.test',
    firstName: 'Priya',
    lastName: 'Patel',
    roleId: Role.Trainee,
    org: 'demo',
  },
  {
    email: 'lucas@demo.test',
    firstName: 'Lucas',
    lastName: 'Lindqvist',
    roleId: Role.Trainee,
    org: 'demo',
    active: false,
  },
  {
    email: 'sofia@demo.test',
    firstName: 'Sofia',
    lastName: 'Santos',
    roleId: Role.Trainee,
    org: 'demo',
    deleted: true,
  },
  {
    email: 'nate@demo.test',
    firstName: 'Nate',
    lastName: 'Nguyen',
    roleId: Role.Instructor,
    org: 'northwind',
  },
  {
    email: 'nina@demo.test',
    firstName: 'Nina',
    lastName: 'Novak',
    roleId: Role.Trainee,
    org: 'northwind',
  },
  {
    email: 'noah@demo.test',
    firstName: 'Noah',
    lastName: 'Nilsen',
    roleId: Role.Trainee,
    org: 'northwind',
  },
];

/** Seeds the demo data unless present. Returns true when it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'))
    .limit(1);
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const [demoContact, northwindContact] = await tx
      .insert(contacts)
      .values([
        {
          firstName: 'Dana',
          lastName: 'Demo',
          email: 'contact@demo-academy.test',
          phoneNumber: '5550101000',
        },
        {
          firstName: 'Neil',
          lastName: 'North',
          email: 'contact@northwind.test',
          phoneNumber: '5550102000',
        },
      ])
      .returning({ id: contacts.id });
    const [demo, northwind] = await tx
      .insert(organizations)
      .values([
        {
          name: 'Demo Academy',
          address: '1 Practice Lane, Springfield',
          contactId: demoContact!.id,
          userSeats: 25,
          creatorSeats: 3,
        },
        {
          name: 'Northwind Training',
          address: '77 Harbour Road, Portsmouth',
          contactId: northwindContact!.id,
          userSeats: 10,
          creatorSeats: 0,
        },
      ])
      .returning({ id: organizations.id });
    const orgId = { demo: demo!.id, northwind: northwind!.id } as const;
    // One row at a time, in order, so the first admin gets id 1 on a fresh database.
    for (const p of people) {
      await tx.insert(users).values({
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        phoneNumber: p.phoneNumber ?? null,
        passwordHash,
        roleId: p.roleId,
        organizationId: p.org ? orgId[p.org] : null,
        creator: p.creator ?? false,
        active: p.active ?? true,
        deletedAt: p.deleted ? new Date() : null,
      });
    }
  });
  return true;
}
