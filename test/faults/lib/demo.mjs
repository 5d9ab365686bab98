/**
 * What the scripts need of the demo data (SEED_DEMO=true): sessions of the demo staff, Demo
 * Academy's id, groups and active trainees, and answers that can take a review (with a valid
 * review body), plus helpers to invite and register people.
 */
import { dataOf, login } from './http.mjs';

/** The review body of an already reviewed answer, reusable on every answer of the same assignment. */
function reviewBodyOf(detail) {
  const pick = (form) => form.answers.map((a) => ({ questionId: a.questionId, text: a.text }));
  return {
    answers: {
      ratings: pick(detail.data.ratingsAnswer),
      feedback: pick(detail.data.feedbackAnswer),
    },
  };
}

/**
 * Signs in the demo admin, manager and instructor and reads Demo Academy: answers
 * `{tokens, organizationId, groupIds, traineeIds, reviews: [{answerId, body}]}`. Reviews: the
 * Submitted or Reviewed answers of the Active assignment that has a reviewed answer.
 */
export async function demoFixture(client) {
  const tokens = {
    admin: await login(client, 'admin@demo.test'),
    manager: await login(client, 'manager@demo.test'),
    instructor: await login(client, 'instructor@demo.test'),
  };
  const me = dataOf(
    await client.post('/api/auth', { email: 'manager@demo.test', password: 'demo1234' }),
    'manager',
  );
  const organizationId = me.organizationId;
  const groups = dataOf(await client.get('/api/groups', { token: tokens.manager }), 'groups');
  const trainees = dataOf(
    await client.get('/api/users?roles=1&pageSize=100', { token: tokens.manager }),
    'trainees',
  );
  const answers = dataOf(
    await client.get('/api/assignments/answers?status=2,3', { token: tokens.manager }),
    'answers',
  );
  const assignments = dataOf(
    await client.get('/api/assignments', { token: tokens.manager }),
    'assignments',
  );
  const active = new Set(assignments.list.filter((a) => a.statusId === 3).map((a) => a.id));
  const reviewed = answers.list.find((a) => a.statusId === 3 && active.has(a.assignmentId));
  if (!reviewed) throw new Error('the demo data has no reviewed answer in an active assignment');
  const detail = dataOf(
    await client.get(`/api/assignments/answers/${reviewed.id}`, { token: tokens.instructor }),
    'answer detail',
  );
  const body = reviewBodyOf(detail);
  const reviews = answers.list
    .filter((a) => a.assignmentId === reviewed.assignmentId)
    .map((a) => ({ answerId: a.id, body }));
  return {
    tokens,
    organizationId,
    groupIds: groups.list.filter((g) => g.organizationId === organizationId).map((g) => g.id),
    traineeIds: trainees.list.filter((u) => u.active && !u.deletedAt).map((u) => u.id),
    reviews,
  };
}

/** Sets the trainee seats of `organizationId` (admin). */
export async function setSeats(client, adminToken, organizationId, userSeats, creatorSeats = 3) {
  dataOf(
    await client.put(
      `/api/organizations/${organizationId}/seats`,
      { userSeats, creatorSeats },
      { token: adminToken },
    ),
    'set seats',
  );
}

/** The body of POST /invites for `email` (role 1 trainee by default). */
export function inviteBody(organizationId, email, { roleId = 1, groupId = null } = {}) {
  return { organizationId, roleId, firstName: 'Fault', lastName: 'Test', email, groupId };
}

/** Invites `email` as a trainee and registers with the link; answers the new user's id. */
export async function inviteAndAccept(client, token, organizationId, email, groupId = null) {
  const invite = dataOf(
    await client.post('/api/invites', inviteBody(organizationId, email, { groupId }), { token }),
    `invite ${email}`,
  );
  const accepted = dataOf(
    await client.post('/api/invites/accept', {
      firstName: 'Fault',
      lastName: 'Test',
      email,
      token: invite.token,
      password: 'demo1234',
    }),
    `accept ${email}`,
  );
  return accepted.id;
}
