/**
 * The readable statement of who may do what (architecture.md 'Authorization lives in one place').
 * Rows: role × action × same/other organization × creator flag → expected.
 */
import { describe, expect, it } from 'vitest';
import {
  actions,
  authorize,
  can,
  pageActions,
  Role,
  type Action,
  type Actor,
  type PageAction,
  type RoleId,
  type Target,
} from '../src';

const ORG = 10;
const OTHER_ORG = 20;

type RoleName = keyof typeof Role;

/** A signed-in user of `role`; admins have no organization, the others belong to ORG. */
function actor(role: RoleName, creator = false, id?: number): Actor {
  const roleId = Role[role];
  const defaults: Record<RoleName, number> = { Admin: 2, Manager: 30, Instructor: 40, Trainee: 50 };
  return {
    id: id ?? defaults[role],
    roleId,
    organizationId: roleId === Role.Admin ? null : ORG,
    creator,
  };
}

// ---------------------------------------------------------------------------------------------
// Pages: every page action for every role, creator flag off and on.
// ---------------------------------------------------------------------------------------------
const Y = true;
const N = false;
// prettier-ignore
//                                              Trainee Instr  Manager Admin
const pageTable: Record<PageAction, { plain: [boolean, boolean, boolean, boolean]; creator: [boolean, boolean, boolean, boolean] }> = {
  'console:signIn':           { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:instructorDashboard': { plain: [N, Y, N, N], creator: [N, Y, N, N] },
  'page:assignments':         { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:review':              { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:authoring':           { plain: [N, N, N, N], creator: [N, Y, Y, Y] },
  'page:groups':              { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:groupDetail':         { plain: [N, N, Y, Y], creator: [N, N, Y, Y] },
  'page:userDetail':          { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:invites':             { plain: [N, N, Y, Y], creator: [N, N, Y, Y] },
  'page:settings':            { plain: [N, Y, Y, Y], creator: [N, Y, Y, Y] },
  'page:systemAdmin':         { plain: [N, N, N, Y], creator: [N, N, N, Y] },
  'page:organizations':       { plain: [N, N, N, Y], creator: [N, N, N, Y] },
  'page:assets':              { plain: [N, N, N, Y], creator: [N, N, N, Y] },
  'page:orgManager':          { plain: [N, N, Y, N], creator: [N, N, Y, N] },
  'page:reviewerConsistency': { plain: [N, N, Y, Y], creator: [N, N, Y, Y] },
  'page:integrations':        { plain: [N, N, Y, Y], creator: [N, N, Y, Y] },
};

const roleOrder: RoleName[] = ['Trainee', 'Instructor', 'Manager', 'Admin'];
const pageRows = pageActions.flatMap((action) =>
  roleOrder.flatMap((role, i) => [
    { action, role, creator: false, expected: pageTable[action].plain[i] as boolean },
    { action, role, creator: true, expected: pageTable[action].creator[i] as boolean },
  ]),
);

describe('page actions', () => {
  it.each(pageRows)(
    '$action · $role · creator=$creator → $expected',
    ({ action, role, creator, expected }) => {
      expect(can(actor(role, creator), action)).toBe(expected);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Operations: the key rules of 000 §6 and 001 §6.
// ---------------------------------------------------------------------------------------------
const same = (extra: Target = {}): Target => ({ organizationId: ORG, ...extra });
const other = (extra: Target = {}): Target => ({ organizationId: OTHER_ORG, ...extra });
const general: Target = { organizationId: null };

interface Row {
  who: string;
  a: Actor;
  action: Action;
  target: Target | undefined;
  expected: boolean;
}
const row = (
  who: string,
  a: Actor,
  action: Action,
  target: Target | undefined,
  expected: boolean,
): Row => ({
  who,
  a,
  action,
  target,
  expected,
});

const admin = actor('Admin');
const firstAdmin = actor('Admin', false, 1);
const manager = actor('Manager');
const instructor = actor('Instructor');
const creatorInstructor = actor('Instructor', true);
const creatorManager = actor('Manager', true);
const creatorAdmin = actor('Admin', true);
const trainee = actor('Trainee');
/** A manager's API token of ORG with the answers:read scope only. */
const answersToken: Actor = {
  ...manager,
  apiToken: { id: 1, name: 'CRM', prefix: 'pra_abcdef', scopes: ['answers:read'] },
};

const operationRows: Row[] = [
  // users: self always; admin any; manager same org except admins
  row(
    'trainee updates itself',
    trainee,
    'user:update',
    same({ userId: trainee.id, roleId: Role.Trainee }),
    true,
  ),
  row(
    'trainee updates another',
    trainee,
    'user:update',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row(
    'instructor updates itself',
    instructor,
    'user:updatePassword',
    same({ userId: instructor.id }),
    true,
  ),
  row(
    'instructor updates a trainee',
    instructor,
    'user:update',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row(
    'manager updates a trainee, same org',
    manager,
    'user:update',
    same({ userId: 99, roleId: Role.Trainee }),
    true,
  ),
  row(
    'manager updates a trainee, other org',
    manager,
    'user:update',
    other({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row(
    'manager updates an admin',
    manager,
    'user:update',
    same({ userId: 2, roleId: Role.Admin }),
    false,
  ),
  row(
    'admin updates anyone, other org',
    admin,
    'user:updateEmail',
    other({ userId: 99, roleId: Role.Manager }),
    true,
  ),
  row('instructor reads a user, same org', instructor, 'user:read', same({ userId: 99 }), true),
  row('instructor reads a user, other org', instructor, 'user:read', other({ userId: 99 }), false),
  row('manager lists users, other org', manager, 'user:list', other(), false),
  row(
    'manager deactivates a trainee',
    manager,
    'user:activate',
    same({ userId: 99, roleId: Role.Trainee }),
    true,
  ),
  row(
    'manager deactivates itself',
    manager,
    'user:activate',
    same({ userId: manager.id, roleId: Role.Manager }),
    false,
  ),
  row(
    'instructor deactivates a trainee',
    instructor,
    'user:activate',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  // creator flag: never for trainees
  row(
    'admin enables creator for a trainee',
    admin,
    'user:enableCreator',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row(
    'admin enables creator for an instructor',
    admin,
    'user:enableCreator',
    other({ userId: 99, roleId: Role.Instructor }),
    true,
  ),
  row(
    'manager enables creator, same org',
    manager,
    'user:enableCreator',
    same({ userId: 99, roleId: Role.Instructor }),
    true,
  ),
  row(
    'manager enables creator for a trainee',
    manager,
    'user:enableCreator',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row(
    'manager enables creator, other org',
    manager,
    'user:enableCreator',
    other({ userId: 99, roleId: Role.Instructor }),
    false,
  ),
  row(
    'instructor enables creator',
    instructor,
    'user:enableCreator',
    same({ userId: 99, roleId: Role.Instructor }),
    false,
  ),
  // delete / restore / erase / deleted list: admin only; never id 1, never oneself
  row('admin soft-deletes a user', admin, 'user:softDelete', other({ userId: 99 }), true),
  row(
    'admin soft-deletes admin id 1',
    admin,
    'user:softDelete',
    { userId: 1, roleId: Role.Admin, organizationId: null },
    false,
  ),
  row(
    'admin soft-deletes itself',
    admin,
    'user:softDelete',
    { userId: admin.id, organizationId: null },
    false,
  ),
  row(
    'manager soft-deletes a trainee',
    manager,
    'user:softDelete',
    same({ userId: 99, roleId: Role.Trainee }),
    false,
  ),
  row('admin erases a user', admin, 'user:erase', same({ userId: 99 }), true),
  row('admin erases admin id 1', admin, 'user:erase', { userId: 1, organizationId: null }, false),
  row('manager erases a trainee', manager, 'user:erase', same({ userId: 99 }), false),
  row('admin restores a user', admin, 'user:restore', same({ userId: 99 }), true),
  row('manager restores a user', manager, 'user:restore', same({ userId: 99 }), false),
  row('admin sees Deleted Users', admin, 'user:viewDeleted', undefined, true),
  row('manager sees Deleted Users', manager, 'user:viewDeleted', undefined, false),
  // admins
  row('admin adds an admin', admin, 'admin:create', undefined, true),
  row('manager adds an admin', manager, 'admin:create', undefined, false),
  row(
    'admin deletes another admin',
    admin,
    'admin:delete',
    { userId: 3, organizationId: null },
    true,
  ),
  row(
    'admin deletes admin id 1',
    admin,
    'admin:delete',
    { userId: 1, organizationId: null },
    false,
  ),
  row(
    'admin id 1 deletes itself',
    firstAdmin,
    'admin:delete',
    { userId: 1, organizationId: null },
    false,
  ),
  row(
    'admin deletes itself',
    admin,
    'admin:delete',
    { userId: admin.id, organizationId: null },
    false,
  ),
  // organizations
  row('admin creates an organization', admin, 'organization:create', undefined, true),
  row('manager creates an organization', manager, 'organization:create', undefined, false),
  row('manager reads its organization', manager, 'organization:read', same(), true),
  row('manager reads another organization', manager, 'organization:read', other(), false),
  row('manager updates seats', manager, 'organization:updateSeats', same(), false),
  row('admin updates seats', admin, 'organization:updateSeats', other(), true),
  // invites: admin never invitable; instructor only trainees of its organization
  row('admin invites an admin', admin, 'invite:create', same({ roleId: Role.Admin }), false),
  row(
    'admin invites a manager, any org',
    admin,
    'invite:create',
    other({ roleId: Role.Manager }),
    true,
  ),
  row(
    'manager invites an instructor, same org',
    manager,
    'invite:create',
    same({ roleId: Role.Instructor }),
    true,
  ),
  row(
    'manager invites a trainee, other org',
    manager,
    'invite:create',
    other({ roleId: Role.Trainee }),
    false,
  ),
  row(
    'instructor invites a trainee, same org',
    instructor,
    'invite:create',
    same({ roleId: Role.Trainee }),
    true,
  ),
  row(
    'instructor invites an instructor',
    instructor,
    'invite:create',
    same({ roleId: Role.Instructor }),
    false,
  ),
  row(
    'instructor invites a manager',
    instructor,
    'invite:create',
    same({ roleId: Role.Manager }),
    false,
  ),
  row(
    'instructor invites a trainee, other org',
    instructor,
    'invite:create',
    other({ roleId: Role.Trainee }),
    false,
  ),
  row('trainee invites a trainee', trainee, 'invite:create', same({ roleId: Role.Trainee }), false),
  row('manager lists invites, same org', manager, 'invite:list', same(), true),
  row('instructor lists invites', instructor, 'invite:list', same(), false),
  row(
    'instructor deletes its own invite',
    instructor,
    'invite:delete',
    same({ createdById: instructor.id }),
    true,
  ),
  row(
    'instructor deletes another invite',
    instructor,
    'invite:delete',
    same({ createdById: manager.id }),
    false,
  ),
  // groups
  row('instructor reads a group it is not in', instructor, 'group:read', same(), false),
  row('instructor reads its group', instructor, 'group:read', same({ isMember: true }), true),
  row('instructor reads groups, other org', instructor, 'group:read', other(), false),
  row('instructor creates a group', instructor, 'group:create', same(), false),
  row('instructor deletes a group', instructor, 'group:delete', same(), false),
  row('instructor edits members', instructor, 'group:manageMembers', same(), false),
  row('trainee removes a member', trainee, 'group:manageMembers', same(), false),
  row('manager deletes a group, same org', manager, 'group:delete', same(), true),
  row('manager deletes a group, other org', manager, 'group:delete', other(), false),
  row('admin edits members, any org', admin, 'group:manageMembers', other(), true),
  // content
  row('instructor without creator flag authors', instructor, 'content:author', same(), false),
  row('creator instructor authors, same org', creatorInstructor, 'content:author', same(), true),
  row('creator instructor authors, other org', creatorInstructor, 'content:author', other(), false),
  row('creator manager authors general content', creatorManager, 'content:author', general, false),
  row('creator admin authors general content', creatorAdmin, 'content:author', general, true),
  row('manager approves, same org', manager, 'content:approve', same(), true),
  row('manager approves, other org', manager, 'content:approve', other(), false),
  row('manager approves general content', manager, 'content:approve', general, false),
  row('admin approves', admin, 'content:approve', other(), true),
  row('instructor approves', creatorInstructor, 'content:approve', same(), false),
  row('admin toggles general content', admin, 'content:toggleActive', general, true),
  row('manager toggles its organization item', manager, 'content:toggleActive', same(), true),
  row('manager toggles general content', manager, 'content:toggleActive', general, false),
  row('manager toggles other org item', manager, 'content:toggleActive', other(), false),
  // Active ⇄ Inactive follows the creator rule for instructors.
  row(
    'instructor without the creator flag toggles its organization item',
    instructor,
    'content:toggleActive',
    same(),
    false,
  ),
  row(
    'creator instructor toggles its organization item',
    creatorInstructor,
    'content:toggleActive',
    same(),
    true,
  ),
  row(
    'creator instructor toggles general content',
    creatorInstructor,
    'content:toggleActive',
    general,
    false,
  ),
  row('trainee toggles its organization item', trainee, 'content:toggleActive', same(), false),
  row('admin marks Inactive content Deleted', admin, 'content:markDeleted', general, true),
  row('manager marks content Deleted', manager, 'content:markDeleted', same(), false),
  row('admin adds content to an organization', admin, 'content:addToOrganization', other(), true),
  row(
    'manager adds content to an organization',
    manager,
    'content:addToOrganization',
    same(),
    false,
  ),
  row('instructor reads general content', instructor, 'content:read', general, true),
  row('instructor reads other org content', instructor, 'content:read', other(), false),
  // assets
  row('admin manages assets', admin, 'asset:manage', general, true),
  row('manager manages assets', manager, 'asset:manage', general, false),
  row('admin adds an asset to an organization', admin, 'asset:addToOrganization', other(), true),
  row(
    'manager adds an asset to an organization',
    manager,
    'asset:addToOrganization',
    same(),
    false,
  ),
  // assignments
  row('instructor manages an assignment, same org', instructor, 'assignment:manage', same(), true),
  row(
    'instructor manages an assignment, other org',
    instructor,
    'assignment:manage',
    other(),
    false,
  ),
  row('trainee manages an assignment', trainee, 'assignment:manage', same(), false),
  row('manager reopens an assignment, same org', manager, 'assignment:reopen', same(), true),
  row('manager reopens an assignment, other org', manager, 'assignment:reopen', other(), false),
  row('admin reopens an assignment, any org', admin, 'assignment:reopen', other(), true),
  row('instructor reopens an assignment', instructor, 'assignment:reopen', same(), false),
  // insights (decisions.md#insights-and-administration §1)
  row('instructor reads insights, same org', instructor, 'assignment:insights', same(), true),
  row('manager reads insights, other org', manager, 'assignment:insights', other(), false),
  row('trainee reads insights', trainee, 'assignment:insights', same(), false),
  row(
    'instructor reads progress, same org',
    instructor,
    'user:progress',
    same({ userId: 99 }),
    true,
  ),
  row(
    'trainee reads its own progress',
    trainee,
    'user:progress',
    same({ userId: trainee.id }),
    false,
  ),
  row('manager reads progress, other org', manager, 'user:progress', other({ userId: 99 }), false),
  row(
    'manager reads reviewer consistency',
    manager,
    'organization:reviewerConsistency',
    same(),
    true,
  ),
  row('manager, other org', manager, 'organization:reviewerConsistency', other(), false),
  row(
    'instructor reads reviewer consistency',
    instructor,
    'organization:reviewerConsistency',
    same(),
    false,
  ),
  row(
    'admin reads reviewer consistency, any org',
    admin,
    'organization:reviewerConsistency',
    other(),
    true,
  ),
  // CSV import of invites (decisions.md#insights-and-administration §2)
  row('manager imports invites, same org', manager, 'invite:import', same(), true),
  row('manager imports invites, other org', manager, 'invite:import', other(), false),
  row('instructor imports invites', instructor, 'invite:import', same(), false),
  row('admin imports invites, any org', admin, 'invite:import', other(), true),
  // reviews and answers
  row('instructor reviews, same org', instructor, 'answer:review', same(), true),
  row('manager reviews, other org', manager, 'answer:review', other(), false),
  row('admin reviews, any org', admin, 'answer:review', other(), true),
  row('trainee reviews', trainee, 'answer:review', same({ userId: trainee.id }), false),
  row('trainee reads its own answer', trainee, 'answer:read', same({ userId: trainee.id }), true),
  row('trainee reads another answer', trainee, 'answer:read', same({ userId: 99 }), false),
  row('manager reads answers, same org', manager, 'answer:read', same({ userId: 99 }), true),
  row('trainee practises its own', trainee, 'answer:practice', same({ userId: trainee.id }), true),
  row(
    'instructor practises',
    instructor,
    'answer:practice',
    same({ userId: instructor.id }),
    false,
  ),
  // files: attaching an upload (decisions.md#files)
  row('trainee uses its own upload', trainee, 'file:use', same({ createdById: trainee.id }), true),
  row('trainee uses an upload of its org', trainee, 'file:use', same({ createdById: 99 }), false),
  row(
    'instructor uses an upload of its org',
    instructor,
    'file:use',
    same({ createdById: 99 }),
    true,
  ),
  row('manager uses an upload, other org', manager, 'file:use', other({ createdById: 99 }), false),
  row(
    'manager uses a general upload',
    manager,
    'file:use',
    { organizationId: null, createdById: 99 },
    false,
  ),
  row('admin uses any upload', admin, 'file:use', other({ createdById: 99 }), true),
  // API tokens (decisions.md#api-tokens §1)
  row('manager manages its org tokens', manager, 'apiToken:manage', same(), true),
  row('manager manages other org tokens', manager, 'apiToken:manage', other(), false),
  row('instructor manages tokens', instructor, 'apiToken:manage', same(), false),
  row('trainee manages tokens', trainee, 'apiToken:manage', same(), false),
  row('admin manages any org tokens', admin, 'apiToken:manage', other(), true),
  row('answers token reads an answer', answersToken, 'answer:read', same(), true),
  row('answers token reads an assignment', answersToken, 'assignment:read', same(), true),
  row('answers token reads another org answer', answersToken, 'answer:read', other(), false),
  row('answers token reads users', answersToken, 'user:read', same({ userId: 99 }), false),
  row('answers token reviews an answer', answersToken, 'answer:review', same(), false),
  row('answers token manages tokens', answersToken, 'apiToken:manage', same(), false),
  // Webhooks (decisions.md#webhooks §1)
  row('manager manages its org webhooks', manager, 'webhook:manage', same(), true),
  row('manager manages other org webhooks', manager, 'webhook:manage', other(), false),
  row('instructor manages webhooks', instructor, 'webhook:manage', same(), false),
  row('trainee manages webhooks', trainee, 'webhook:manage', same(), false),
  row('admin manages any org webhooks', admin, 'webhook:manage', other(), true),
  row('answers token manages webhooks', answersToken, 'webhook:manage', same(), false),
  row('answers token opens a page', answersToken, 'page:assignments', undefined, false),
  row(
    'answers token updates its creator',
    answersToken,
    'user:updatePassword',
    same({ userId: manager.id }),
    false,
  ),
  row('answers token uploads a file', answersToken, 'file:upload', undefined, false),
];

describe('operation actions', () => {
  it.each(operationRows)('$who ($action) → $expected', ({ a, action, target, expected }) => {
    expect(can(a, action, target)).toBe(expected);
  });
});

describe('every action', () => {
  it.each(actions.map((action) => ({ action })))(
    '$action is refused to anonymous visitors',
    ({ action }) => {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action, { organizationId: ORG })).toBe(false);
    },
  );

  it('has a rule that answers a boolean for every role', () => {
    for (const action of actions) {
      for (const roleId of [1, 2, 3, 4] as RoleId[]) {
        const result = can({ id: 7, roleId, organizationId: ORG, creator: true }, action, {
          organizationId: ORG,
        });
        expect(typeof result).toBe('boolean');
      }
    }
  });

  it('allows an API token only the actions of its scopes', () => {
    const token: Actor = {
      ...manager,
      apiToken: { id: 1, name: 'HR', prefix: 'pra_abcdef', scopes: ['users:read', 'reviews:read'] },
    };
    const allowed = actions.filter(
      (action) =>
        authorize(token, action, { organizationId: ORG, userId: 99, roleId: Role.Trainee }) ===
        'ok',
    );
    expect(allowed.sort()).toEqual(
      [
        'organization:readMembers',
        'review:history',
        'review:read',
        'user:list',
        'user:read',
      ].sort(),
    );
  });

  it('refuses trainees everything in the console except their own things', () => {
    const allowed = actions.filter((action) =>
      can(trainee, action, { organizationId: ORG, userId: trainee.id, roleId: Role.Trainee }),
    );
    expect(allowed.sort()).toEqual(
      [
        'answer:practice',
        'answer:read',
        'file:upload',
        'notification:manage',
        'user:read',
        'user:update',
        'user:updateEmail',
        'user:updatePassword',
      ].sort(),
    );
  });
});
