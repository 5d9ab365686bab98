/**
 * The server's decision on one row (architecture.md 'Authorization lives in one place'): another
 * organization's row, or one hidden by its facts, is `notFound`; a visible row the actor may not
 * act on is `forbidden`. Rows: who × action × target facts → decision.
 */
import { describe, expect, it } from 'vitest';
import {
  actions,
  authorize,
  can,
  Role,
  type Action,
  type Actor,
  type Decision,
  type RoleId,
  type Target,
} from '../src';

const ORG = 10;
const OTHER_ORG = 20;

const admin: Actor = { id: 2, roleId: Role.Admin, organizationId: null, creator: false };
const manager: Actor = { id: 30, roleId: Role.Manager, organizationId: ORG, creator: false };
const instructor: Actor = { id: 40, roleId: Role.Instructor, organizationId: ORG, creator: false };
const trainee: Actor = { id: 50, roleId: Role.Trainee, organizationId: ORG, creator: false };

const same = (extra: Target = {}): Target => ({ organizationId: ORG, ...extra });
const other = (extra: Target = {}): Target => ({ organizationId: OTHER_ORG, ...extra });
const general = (extra: Target = {}): Target => ({ organizationId: null, ...extra });

interface Row {
  who: string;
  a: Actor;
  action: Action;
  target: Target;
  expected: Decision;
}
const row = (who: string, a: Actor, action: Action, target: Target, expected: Decision): Row => ({
  who,
  a,
  action,
  target,
  expected,
});

const rows: Row[] = [
  // organization visibility: admin everywhere, the others in their own organization
  row('admin reads another organization', admin, 'organization:read', other(), 'ok'),
  row('manager reads its organization', manager, 'organization:read', same(), 'ok'),
  row('manager reads another organization', manager, 'organization:read', other(), 'notFound'),
  row('manager updates its organization', manager, 'organization:update', same(), 'forbidden'),
  row('manager updates another organization', manager, 'organization:update', other(), 'notFound'),
  row('manager lists invites of another org', manager, 'invite:list', other(), 'notFound'),
  row('instructor lists invites of its org', instructor, 'invite:list', same(), 'forbidden'),
  row(
    'instructor reads an assignment, other org',
    instructor,
    'assignment:read',
    other(),
    'notFound',
  ),
  row('instructor manages an assignment, same org', instructor, 'assignment:manage', same(), 'ok'),
  row('trainee reads an assignment, same org', trainee, 'assignment:read', same(), 'forbidden'),

  // users: oneself anywhere; soft-deleted users only for who may view deleted users
  row('trainee reads itself', trainee, 'user:read', same({ userId: trainee.id }), 'ok'),
  row(
    'trainee reads itself, recorded in another org',
    trainee,
    'user:read',
    other({ userId: trainee.id }),
    'ok',
  ),
  row('trainee reads another trainee', trainee, 'user:read', same({ userId: 99 }), 'forbidden'),
  row('manager reads a user, other org', manager, 'user:read', other({ userId: 99 }), 'notFound'),
  row(
    'manager reads an admin',
    manager,
    'user:read',
    general({ userId: 3, roleId: Role.Admin }),
    'notFound',
  ),
  row(
    'manager updates a trainee',
    manager,
    'user:update',
    same({ userId: 99, roleId: Role.Trainee }),
    'ok',
  ),
  row(
    'instructor updates a trainee',
    instructor,
    'user:update',
    same({ userId: 99, roleId: Role.Trainee }),
    'forbidden',
  ),
  row(
    'manager reads a deleted user',
    manager,
    'user:read',
    same({ userId: 99, deleted: true }),
    'notFound',
  ),
  row('admin reads a deleted user', admin, 'user:read', same({ userId: 99, deleted: true }), 'ok'),
  row(
    'admin restores a deleted user',
    admin,
    'user:restore',
    other({ userId: 99, deleted: true }),
    'ok',
  ),
  row(
    'manager restores a user of its org',
    manager,
    'user:restore',
    same({ userId: 99 }),
    'forbidden',
  ),

  // answers: a soft-deleted trainee's answers are gone for everyone
  row('trainee reads its answer', trainee, 'answer:read', same({ userId: trainee.id }), 'ok'),
  row('trainee reads another answer', trainee, 'answer:read', same({ userId: 99 }), 'forbidden'),
  row(
    'trainee reviews its answer',
    trainee,
    'answer:review',
    same({ userId: trainee.id }),
    'forbidden',
  ),
  row('instructor reviews, same org', instructor, 'answer:review', same({ userId: 99 }), 'ok'),
  row('instructor reads, other org', instructor, 'answer:read', other({ userId: 99 }), 'notFound'),
  row(
    'admin reads an answer of a deleted trainee',
    admin,
    'answer:read',
    other({ userId: 99, deleted: true }),
    'notFound',
  ),
  row(
    'manager reviews an answer of a deleted trainee',
    manager,
    'answer:review',
    same({ userId: 99, deleted: true }),
    'notFound',
  ),

  // invites: an accepted invite no longer exists; instructors reach their own only
  row('manager reads an invite', manager, 'invite:read', same({ createdById: 1 }), 'ok'),
  row(
    'instructor reads its own invite',
    instructor,
    'invite:read',
    same({ createdById: instructor.id }),
    'ok',
  ),
  row(
    'instructor reads another invite',
    instructor,
    'invite:read',
    same({ createdById: manager.id }),
    'forbidden',
  ),
  row(
    'instructor resends its own invite, other org',
    instructor,
    'invite:resend',
    other({ createdById: instructor.id }),
    'notFound',
  ),
  row('trainee deletes an invite', trainee, 'invite:delete', same(), 'forbidden'),
  row(
    'admin resends an accepted invite',
    admin,
    'invite:resend',
    other({ accepted: true }),
    'notFound',
  ),
  row(
    'manager deletes an accepted invite',
    manager,
    'invite:delete',
    same({ accepted: true }),
    'notFound',
  ),

  // shared rows: general content and assets reach an organization only when added to it
  row(
    'instructor reads general content added',
    instructor,
    'content:read',
    general({ availableToActor: true }),
    'ok',
  ),
  row(
    'instructor reads general content not added',
    instructor,
    'content:read',
    general(),
    'notFound',
  ),
  row('admin reads general content not added', admin, 'content:read', general(), 'ok'),
  row('instructor reads its org content', instructor, 'content:read', same(), 'ok'),
  row('instructor reads other org content', instructor, 'content:read', other(), 'notFound'),
  row(
    'instructor reads other org content marked available',
    instructor,
    'content:read',
    other({ availableToActor: true }),
    'notFound',
  ),
  row('trainee reads its org content', trainee, 'content:read', same(), 'forbidden'),
  row(
    'manager reads a general asset added',
    manager,
    'asset:read',
    general({ availableToActor: true }),
    'ok',
  ),
  row('manager reads a general asset not added', manager, 'asset:read', general(), 'notFound'),
  row(
    'manager manages a general asset added',
    manager,
    'asset:manage',
    general({ availableToActor: true }),
    'forbidden',
  ),
  row('admin manages a general asset', admin, 'asset:manage', general(), 'ok'),
  row(
    'trainee reads a general asset added',
    trainee,
    'asset:read',
    general({ availableToActor: true }),
    'forbidden',
  ),

  // groups: a trainee reads a group only as a member
  row('trainee reads its group', trainee, 'group:read', same({ isMember: true }), 'ok'),
  row('trainee reads another group', trainee, 'group:read', same(), 'forbidden'),
  row(
    'trainee reads a group, other org',
    trainee,
    'group:read',
    other({ isMember: true }),
    'notFound',
  ),
  row('trainee updates its group', trainee, 'group:update', same({ isMember: true }), 'forbidden'),
  row('instructor reads a group it is not in', instructor, 'group:read', same(), 'forbidden'),
  row('instructor reads its group', instructor, 'group:read', same({ isMember: true }), 'ok'),
  row('manager deletes a group, other org', manager, 'group:delete', other(), 'notFound'),
  row('admin manages members, any org', admin, 'group:manageMembers', other(), 'ok'),
];

describe('authorize', () => {
  it.each(rows)('$who ($action) → $expected', ({ a, action, target, expected }) => {
    expect(authorize(a, action, target)).toBe(expected);
  });

  it('refuses anonymous visitors', () => {
    expect(authorize(null, 'organization:read', same())).toBe('forbidden');
    expect(authorize(undefined, 'file:upload')).toBe('forbidden');
  });
});

describe('authorize and can agree', () => {
  const roles: RoleId[] = [Role.Trainee, Role.Instructor, Role.Manager, Role.Admin];
  const targets: Target[] = [
    {},
    same(),
    other(),
    general(),
    same({ userId: 7 }),
    other({ userId: 7 }),
    same({ userId: 99, roleId: Role.Trainee, deleted: true }),
    general({ availableToActor: true }),
    same({ isMember: true }),
    other({ isMember: true }),
    same({ createdById: 7, accepted: true }),
    same({ createdById: 7 }),
  ];
  const cases = actions.flatMap((action) =>
    roles.flatMap((roleId) =>
      [false, true].flatMap((creator) =>
        targets.map((target) => ({ action, roleId, creator, target })),
      ),
    ),
  );

  it('answers ok only when can() allows, and forbidden only when it refuses', () => {
    for (const { action, roleId, creator, target } of cases) {
      const a: Actor = {
        id: 7,
        roleId,
        organizationId: roleId === Role.Admin ? null : ORG,
        creator,
      };
      const decision = authorize(a, action, target);
      if (decision === 'ok') expect(can(a, action, target), `${action} ${roleId}`).toBe(true);
      if (decision === 'forbidden')
        expect(can(a, action, target), `${action} ${roleId}`).toBe(false);
    }
  });

  it('sees the row in the actor’s own organization for every action', () => {
    for (const action of actions) {
      for (const roleId of roles) {
        const a: Actor = { id: 7, roleId, organizationId: ORG, creator: true };
        expect(authorize(a, action, same({ userId: 99 }))).not.toBe('notFound');
      }
    }
  });
});
