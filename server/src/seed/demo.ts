/**
 * Demo data for the embedded default: two organizations and the demo accounts, all with password
 * `demo1234`; groups with trainees and instructors, pending and expired invites; then the demo
 * assets, contents, assignments and answers. Idempotent: a database that already has the demo
 * admin keeps its accounts, and one whose Demo Academy already has groups or invites keeps those.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { Role, inviteTokenLifetimeMs, type RoleId } from '@practica/contract';
import type { Db } from '../db/client.js';
import {
  contacts,
  groupMembers,
  groups,
  inviteLinks,
  invites,
  organizations,
  users,
} from '../db/schema/index.js';
import { newEmailToken } from '../lib/email-token.js';
import { hashPassword } from '../lib/password.js';
import type { StorageDriver } from '../lib/storage/index.js';
import { seedAnswers, type SeedAnswersDeps } from './answers.js';
import { seedAssets } from './assets.js';
import { seedAssignments } from './assignments.js';
import { seedContents } from './contents.js';

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
  {
    email: 'victor@demo.test',
    firstName: 'Victor',
    lastName: 'Vance',
    roleId: Role.Trainee,
    org: 'demo',
    deleted: true,
  },
  {
    email: 'wendy@demo.test',
    firstName: 'Wendy',
    lastName: '',
    roleId: Role.Instructor,
    org: 'northwind',
    deleted: true,
  },
];

/**
 * Seeds the demo data unless present. `storage` receives the demo images (default: the
 * configured DATA_DIR's disk, see seed/assets.ts); the demo answers' videos queue their media jobs
 * when `deps.mediaProcessing` (default off), and their calls sign URLs with `deps.urls` (see
 * `seedAnswers`). Returns true when it seeded anything.
 */
export async function seedDemo(
  db: Db,
  storage?: StorageDriver,
  deps: Partial<SeedAnswersDeps> = {},
): Promise<boolean> {
  const accounts = await seedDemoAccounts(db);
  const groupsAndInvites = await seedDemoGroupsAndInvites(db);
  const demoAssets = await seedAssets(db, storage);
  const demoContents = await seedContents(db, storage);
  // Keep last: the assignments use the seeded contents and assets.
  const demoAssignments = await seedAssignments(db);
  // The very last: the trainees answer the seeded assignments.
  const demoAnswers = await seedAnswers(db, storage, deps);
  return (
    accounts || groupsAndInvites || demoAssets || demoContents || demoAssignments || demoAnswers
  );
}

/** The organizations and accounts, unless the demo admin exists. Returns true when it seeded. */
async function seedDemoAccounts(db: Db): Promise<boolean> {
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

const organizationNames = { demo: 'Demo Academy', northwind: 'Northwind Training' } as const;

interface SeedGroup {
  org: keyof typeof organizationNames;
  name: string;
  description: string;
  /** Member emails (trainees and instructors of the organization). */
  members: string[];
}

/** 000 §2.6: two cohorts in Demo Academy, one group in Northwind. */
const demoGroups: SeedGroup[] = [
  {
    org: 'demo',
    name: 'Cohort A',
    description: 'Morning cohort: interview basics',
    members: ['trainee@demo.test', 'tessa@demo.test', 'omar@demo.test', 'instructor@demo.test'],
  },
  {
    org: 'demo',
    name: 'Cohort B',
    description: 'Evening cohort: advanced practice',
    members: [
      'priya@demo.test',
      'lucas@demo.test',
      'trainee@demo.test',
      'instructor2@demo.test',
      'instructor@demo.test',
    ],
  },
  {
    org: 'northwind',
    name: 'Harbour Crew',
    description: 'Customer service interviews',
    members: ['nina@demo.test', 'noah@demo.test', 'nate@demo.test'],
  },
];

interface SeedInvite {
  org: keyof typeof organizationNames;
  email: string;
  firstName: string;
  lastName: string;
  roleId: RoleId;
  group?: string;
  by: string;
  /** Days until it expires (negative: already expired). */
  expiresInDays: number;
}

/** 000 §2.7: pending trainee and instructor invites and an expired one in Demo Academy; one pending in Northwind. */
const demoInvites: SeedInvite[] = [
  {
    org: 'demo',
    email: 'paula.pending@demo.test',
    firstName: 'Paula',
    lastName: 'Perez',
    roleId: Role.Trainee,
    group: 'Cohort A',
    by: 'manager@demo.test',
    expiresInDays: 7,
  },
  {
    org: 'demo',
    email: 'ivan.invited@demo.test',
    firstName: 'Ivan',
    lastName: 'Ivanov',
    roleId: Role.Instructor,
    group: 'Cohort B',
    by: 'manager@demo.test',
    expiresInDays: 5,
  },
  {
    org: 'demo',
    email: 'eve.expired@demo.test',
    firstName: 'Eve',
    lastName: 'Evans',
    roleId: Role.Trainee,
    by: 'instructor@demo.test',
    expiresInDays: -3,
  },
  {
    org: 'northwind',
    email: 'nils.pending@demo.test',
    firstName: 'Nils',
    lastName: 'Nordin',
    roleId: Role.Trainee,
    by: 'manager2@demo.test',
    expiresInDays: 6,
  },
];

const dayMs = inviteTokenLifetimeMs / 7;

/**
 * The demo groups and invites of each demo organization that has neither groups nor invites yet
 * (a fresh seed, or a database seeded before groups and invites existed). Invite links get random
 * tokens that are not kept: use re-send or copy link to get a working one. Returns true when it
 * seeded.
 */
async function seedDemoGroupsAndInvites(db: Db): Promise<boolean> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.name, Object.values(organizationNames)));
  /** Organizations to seed: those that exist and have neither groups nor invites yet. */
  const fresh = new Map<keyof typeof organizationNames, number>();
  for (const key of Object.keys(organizationNames) as (keyof typeof organizationNames)[]) {
    const id = orgs.find((o) => o.name === organizationNames[key])?.id;
    if (id === undefined) continue;
    const [groupCount] = await db
      .select({ n: count() })
      .from(groups)
      .where(eq(groups.organizationId, id));
    const [inviteCount] = await db
      .select({ n: count() })
      .from(invites)
      .where(eq(invites.organizationId, id));
    if ((groupCount?.n ?? 0) === 0 && (inviteCount?.n ?? 0) === 0) fresh.set(key, id);
  }
  if (fresh.size === 0) return false;
  const orgId = (key: keyof typeof organizationNames) => fresh.get(key);

  const emails = [
    ...new Set([...demoGroups.flatMap((g) => g.members), ...demoInvites.map((i) => i.by)]),
  ];
  const people = await db
    .select({ id: users.id, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.email, emails));
  const person = new Map(people.map((p) => [p.email, p]));

  await db.transaction(async (tx) => {
    const groupIds = new Map<string, number>();
    for (const g of demoGroups) {
      const organizationId = orgId(g.org);
      if (organizationId === undefined) continue;
      const [created] = await tx
        .insert(groups)
        .values({
          name: g.name,
          description: g.description,
          organizationId,
          createdById: person.get(g.org === 'demo' ? 'manager@demo.test' : 'manager2@demo.test')
            ?.id,
        })
        .returning({ id: groups.id });
      groupIds.set(g.name, created!.id);
      const members = g.members
        .map((email) => person.get(email))
        .filter((p) => p !== undefined && p.organizationId === organizationId);
      if (members.length > 0) {
        await tx
          .insert(groupMembers)
          .values(members.map((p) => ({ groupId: created!.id, userId: p!.id })));
      }
    }
    for (const i of demoInvites) {
      const organizationId = orgId(i.org);
      if (organizationId === undefined) continue;
      const [created] = await tx
        .insert(invites)
        .values({
          firstName: i.firstName,
          lastName: i.lastName,
          email: i.email,
          roleId: i.roleId,
          organizationId,
          groupId: i.group ? (groupIds.get(i.group) ?? null) : null,
          createdById: person.get(i.by)?.id ?? null,
          expirationDate: new Date(Date.now() + i.expiresInDays * dayMs),
        })
        .returning({ id: invites.id });
      await tx
        .insert(inviteLinks)
        .values({ inviteId: created!.id, tokenHash: newEmailToken().hash });
    }
  });
  return true;
}
