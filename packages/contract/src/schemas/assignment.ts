/**
 * Assignments (001 §2 'Assignments list', 'Assignment wizard', 'Assignment detail', 'Assignment
 * edit', 'Assign dialog'; §3 'Assignment', 'Interview assignment form', 'Answer'; §4; §5; §7
 * `/assignments…`), the instructor dashboard numbers (000 §2.5) and the user detail's assignments
 * tab (000 §2.10). Every export is prefixed `assignment…`/`interviewAssignment…` so it never
 * collides with the content and answer schemas of other modules.
 */
import { z } from 'zod';
import { contentDescriptionMaxLength, contentNameMaxLength } from '../constants';
import { AnswerStatus, AssignmentStatus, Role, type AssignmentStatusId } from '../enums';
import { messages } from '../messages';
import {
  idSchema,
  idsBodySchema,
  imageRefSchema,
  pageQuerySchema,
  queryNamesSchema,
  requiredMultilineText,
  requiredText,
  searchSchema,
  wholeNumber,
  wholeNumberList,
} from './common';
import { roleIdSchema } from './auth';
import { rolesFilterSchema } from './user';

// ---------------------------------------------------------------------------
// Server rule messages the spec leaves unworded (see messages.ts 'Not in the spec').
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Enumerations as filters
// ---------------------------------------------------------------------------

const assignmentStatusValues = [
  AssignmentStatus.Draft,
  AssignmentStatus.Planned,
  AssignmentStatus.Active,
  AssignmentStatus.Pending,
  AssignmentStatus.Closed,
  AssignmentStatus.Inactive,
] as const;

/** An assignment status id as carried on the wire (001 §3: Draft 1 … Inactive 6). */
export const assignmentStatusIdSchema = z.literal(assignmentStatusValues, {
  error: messages.validationFailed,
});

/** 001 §4: the statuses a status change may set (Pending and Inactive are not used). */
export const assignmentSettableStatusIds = [
  AssignmentStatus.Draft,
  AssignmentStatus.Planned,
  AssignmentStatus.Active,
  AssignmentStatus.Closed,
] as const satisfies readonly AssignmentStatusId[];

/** An answer status id of a stored answer (Pending 1, Submitted 2, Reviewed 3). */
export const assignmentAnswerStatusIdSchema = z.literal(
  [AnswerStatus.Pending, AnswerStatus.Submitted, AnswerStatus.Reviewed],
  { error: messages.validationFailed },
);

/** `status`: one assignment status id or a comma list (`status=1` or `status=3,5`). */
export const assignmentStatusFilterSchema = wholeNumberList(assignmentStatusIdSchema);

// ---------------------------------------------------------------------------
// The interview assignment form (001 §3, §5): wizard, edit screen, POST/PUT bodies
// ---------------------------------------------------------------------------

/** A required positive whole id whose absence or bad value gives the wizard step's `message`. */
function pickedId(message: string) {
  return z.number({ error: message }).int({ error: message }).positive({ error: message });
}

/**
 * The due date (`closeDate`): a calendar date `YYYY-MM-DD`, optional; empty or null clears it.
 * 'Due date must be a valid date (YYYY-MM-DD)!' otherwise.
 */
export const assignmentCloseDateSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.date({ error: messages.closeDateInvalid }).nullable(),
);

/** One role of the interview with the avatar chosen for it (001 §2 'Select roles'). */
export const interviewAssignmentRoleInputSchema = z.object({
  roleId: pickedId(messages.missingRoles),
  avatarId: pickedId(messages.selectAvatarToContinue),
});
export type InterviewAssignmentRoleInput = z.infer<typeof interviewAssignmentRoleInputSchema>;

/**
 * The interview assignment form (001 §3), validated in the order of the wizard's steps (001 §5):
 * 'Title is required!', 'Description is required!', a valid due date, 'Select an Interview to
 * continue', 'Select an Environment to continue', 'Missing roles: Add roles to the interview' (no
 * role, or a role given twice), 'Select an Avatar to continue', 'Select a Rating Scale to
 * continue', 'Select a Feedback Form to continue'. Unknown keys (the form's `interview`, `ratings`
 * … objects) are dropped. What needs the database (the interview is Active and assignable, every
 * role of it has an avatar available to the organization, the content types: 'Invalid Ratings
 * Selection', 'Invalid Feedback Selection') is checked by the server with the same messages.
 */
export const interviewAssignmentFormSchema = z.object({
  name: requiredText(messages.titleRequired, contentNameMaxLength, messages.nameTooLong),
  description: requiredMultilineText(
    messages.descriptionRequired,
    contentDescriptionMaxLength,
    messages.descriptionTooLong,
  ),
  closeDate: assignmentCloseDateSchema.optional(),
  organizationId: idSchema,
  interviewId: pickedId(messages.selectInterviewToContinue),
  environmentId: pickedId(messages.selectEnvironmentToContinue),
  roles: z
    .array(interviewAssignmentRoleInputSchema, { error: messages.missingRoles })
    .min(1, { error: messages.missingRoles })
    .max(100)
    .refine((roles) => new Set(roles.map((r) => r.roleId)).size === roles.length, {
      error: messages.missingRoles,
    }),
  ratingsId: pickedId(messages.selectRatingScaleToContinue),
  feedbackId: pickedId(messages.selectFeedbackFormToContinue),
});
export type InterviewAssignmentForm = z.infer<typeof interviewAssignmentFormSchema>;

/** POST /assignments/interview body. */
export const createInterviewAssignmentBodySchema = interviewAssignmentFormSchema;
export type CreateInterviewAssignmentBody = InterviewAssignmentForm;

/**
 * PUT /assignments/interview/{id} body: the same form; `organizationId` may be left out (it never
 * changes). The composition (interview, roles, environment, evaluations) changes only in Draft.
 */
export const updateInterviewAssignmentBodySchema = interviewAssignmentFormSchema.extend({
  organizationId: idSchema.optional(),
});
export type UpdateInterviewAssignmentBody = z.infer<typeof updateInterviewAssignmentBodySchema>;

/**
 * The wizard's fields per step (001 §2: Assignment Info, Select interview, Select roles, Select
 * evaluation, Recap): `interviewAssignmentFormSchema.pick(...)` of a step's keys validates it.
 */
export const assignmentWizardStepFields = [
  ['name', 'description', 'closeDate'],
  ['interviewId'],
  ['environmentId', 'roles'],
  ['ratingsId', 'feedbackId'],
  [],
] as const satisfies readonly (readonly (keyof InterviewAssignmentForm)[])[];

// ---------------------------------------------------------------------------
// Queries and other bodies
// ---------------------------------------------------------------------------

/**
 * GET /assignments query (001 §7): organizationId, status (one id or a comma list), userId (the
 * assignments a trainee is in or an instructor is on), includes (accepted, reserved), search (3+
 * characters, by name), paging.
 */
export const assignmentListQuerySchema = pageQuerySchema.extend({
  organizationId: idSchema.optional(),
  status: assignmentStatusFilterSchema,
  userId: idSchema.optional(),
  includes: queryNamesSchema,
  search: searchSchema,
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** GET /assignments/{id} query: `includes` is accepted; assets and contents are always included. */
export const assignmentDetailQuerySchema = z.object({ includes: queryNamesSchema });

/**
 * GET /assignments/{id}/users query: roles (1 trainees, 2 instructors; both when absent),
 * status (answer status of trainees: 1 Pending, 2 Submitted, 3 Reviewed), search, paging.
 */
export const assignmentUsersQuerySchema = pageQuerySchema.extend({
  roles: rolesFilterSchema,
  status: wholeNumberList(assignmentAnswerStatusIdSchema),
  search: searchSchema,
});
export type AssignmentUsersQuery = z.infer<typeof assignmentUsersQuerySchema>;

/** GET /assignments/{id}/answers query: optional answer status filter. */
export const assignmentAnswersQuerySchema = z.object({
  status: wholeNumberList(assignmentAnswerStatusIdSchema),
});

/** PUT /assignments/{id}/status query: `statusId` Draft 1, Planned 2, Active 3 or Closed 5. */
export const assignmentStatusQuerySchema = z.object({
  statusId: wholeNumber(messages.validationFailed).pipe(
    z.literal(assignmentSettableStatusIds, { error: messages.validationFailed }),
  ),
});

/**
 * PUT /assignments/{id}/add and /remove body: user `ids` (trainees and instructors of the
 * assignment's organization) and, for add, optional `groupIds` whose trainees are added too.
 */
export const assignmentMembersBodySchema = idsBodySchema.extend({
  groupIds: idsBodySchema.shape.ids.optional(),
});
export type AssignmentMembersBody = z.infer<typeof assignmentMembersBodySchema>;

/**
 * GET /assignments/{id}/candidates query (decisions.md#console-flows §5, the assign dialog): the users who may be
 * picked, of one role (`roleId` 1 trainees, the default, or 2 instructors), by name or email
 * (`search`, 3+ characters), optionally of one group (`groupId`), with paging.
 */
export const assignmentCandidatesQuerySchema = pageQuerySchema.extend({
  roleId: wholeNumber(messages.validationFailed)
    .pipe(z.literal([Role.Trainee, Role.Instructor], { error: messages.validationFailed }))
    .default(Role.Trainee),
  groupId: idSchema.optional(),
  search: searchSchema,
});
export type AssignmentCandidatesQuery = z.infer<typeof assignmentCandidatesQuerySchema>;

/** PUT /users/{id}/assignments body: exactly the assignments the user is to be on. */
export const userAssignmentsBodySchema = idsBodySchema;

/** GET /assignments/dashboard query: admins may name an organization. */
export const assignmentDashboardQuerySchema = z.object({ organizationId: idSchema.optional() });

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

/** `createdBy` of an assignment (001 §3); null once the author is erased. */
export const assignmentCreatorSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
});

/** The answer of the `userId` of GET /assignments?userId= on that row (null: not a trainee on it). */
export const assignmentUserAnswerSchema = z.object({
  id,
  statusId: assignmentAnswerStatusIdSchema,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Only when Reviewed (001 §4). */
  score: z.number().nullable(),
});
export type AssignmentUserAnswer = z.infer<typeof assignmentUserAnswerSchema>;

/**
 * One assignment as lists show it (001 §2 'Assignments list', §3): status, name, dates, author and
 * counts. `completedCount` counts answers that are not Pending (001 §4 'Completed').
 */
export const assignmentListItemSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  statusId: assignmentStatusIdSchema,
  /** `YYYY-MM-DD`, set to the day of the last save in Draft. */
  startDate: z.string().nullable(),
  /** The due date, `YYYY-MM-DD`, or null (shown as '-'). */
  closeDate: z.string().nullable(),
  organizationId: id,
  /** 001 §3 'planned flag': the status is Planned. */
  planned: z.boolean(),
  createdBy: assignmentCreatorSchema.nullable(),
  traineesCount: count,
  completedCount: count,
  instructorsCount: count,
  /** Present with GET /assignments?userId=: that user's answer on this assignment. */
  answer: assignmentUserAnswerSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssignmentListItem = z.infer<typeof assignmentListItemSchema>;

/** Counts per status for the list's chips (Active, Completed = Closed, Drafted = Draft) over the same filters minus `status`. */
export const assignmentStatusCountsSchema = z.object({
  draft: count,
  planned: count,
  active: count,
  closed: count,
});

/** GET /assignments data: `{list, count, statusCounts}`. */
export const assignmentListSchema = z.object({
  list: z.array(assignmentListItemSchema),
  count,
  statusCounts: assignmentStatusCountsSchema,
});
export type AssignmentList = z.infer<typeof assignmentListSchema>;

/** An avatar or environment as an assignment shows it (001 §3 'Asset'), with its image URL. */
export const assignmentAssetSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  assetTypeId: z.number().int(),
  imageId: z.number().int().nullable(),
  image: imageRefSchema.nullable(),
});
export type AssignmentAsset = z.infer<typeof assignmentAssetSchema>;

/** An option of an evaluation question (001 §3). */
export const assignmentQuestionOptionSchema = z.object({
  id,
  text: z.string(),
  correctAnswer: z.number().int(),
});

/** A question of the assignment's interview or evaluations (001 §3 'Question'). */
export const assignmentQuestionSchema = z.object({
  id,
  text: z.string(),
  description: z.string(),
  questionTypeId: z.number().int(),
  interviewRoleId: z.number().int().nullable(),
  contentId: id,
  tags: z.array(z.string()),
  options: z.array(assignmentQuestionOptionSchema),
});
export type AssignmentQuestion = z.infer<typeof assignmentQuestionSchema>;

/** A role of the interview (001 §3 'Interview role'). */
export const assignmentInterviewRoleSchema = z.object({
  id,
  name: z.string(),
  avatarId: z.number().int().nullable(),
});

/** The interview, rating scale or feedback form of an assignment (001 §3 'Questionnaire'). */
export const assignmentContentSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  contentTypeId: z.number().int(),
  statusId: z.number().int(),
  organizationId: z.number().int().nullable(),
  updatedAt: z.string(),
  roles: z.array(assignmentInterviewRoleSchema),
  questions: z.array(assignmentQuestionSchema),
});
export type AssignmentContent = z.infer<typeof assignmentContentSchema>;

/** A role of the assignment: the interview role and the avatar chosen for it (001 §3 data.roles). */
export const assignmentRoleSchema = z.object({
  /** The interview role id (also as `roleId`, the form's name). */
  id,
  roleId: id,
  name: z.string(),
  avatarId: z.number().int().nullable(),
  avatar: assignmentAssetSchema.nullable(),
});
export type AssignmentRole = z.infer<typeof assignmentRoleSchema>;

/** 001 §3 'Assignment' `data`: the composition with its contents and assets. */
export const assignmentDataSchema = z.object({
  interviewId: z.number().int().nullable(),
  environmentId: z.number().int().nullable(),
  ratingsId: z.number().int().nullable(),
  feedbackId: z.number().int().nullable(),
  roles: z.array(assignmentRoleSchema),
  interview: assignmentContentSchema.nullable(),
  ratings: assignmentContentSchema.nullable(),
  feedback: assignmentContentSchema.nullable(),
  environment: assignmentAssetSchema.nullable(),
});
export type AssignmentData = z.infer<typeof assignmentDataSchema>;

/** Trainee answers by status, for the detail's filter tags All, Pending, To review, Reviewed. */
export const assignmentAnswerCountsSchema = z.object({
  all: count,
  pending: count,
  submitted: count,
  reviewed: count,
});

/**
 * GET /assignments/{id} (001 §2 'Assignment detail', §3, §4): the assignment with its composition,
 * counts, the average score of Reviewed answers (null when none) and the action flags:
 * `canReturnToDraft` (not Draft or Closed and no trainee completed), `canClose` (at least one
 * completed and not Closed), `canPrintReport` (at least one completed), `canReopen` (Closed).
 */
export const assignmentDetailSchema = assignmentListItemSchema.extend({
  /** The spec's specification id: the same as `id` here (one row per assignment). */
  assignmentSpecificationId: id,
  data: assignmentDataSchema,
  answerCounts: assignmentAnswerCountsSchema,
  averageScore: z.number().nullable(),
  canReturnToDraft: z.boolean(),
  canClose: z.boolean(),
  canPrintReport: z.boolean(),
  /**
   * decisions.md#console-flows §3: Closed, so 'Reopen' (Closed → Active) applies; who may is the policy's
   * 'assignment:reopen' (an admin or the organization's manager).
   */
  canReopen: z.boolean(),
});
export type AssignmentDetail = z.infer<typeof assignmentDetailSchema>;

/** A trainee's answer as GET /assignments/{id}/users shows it; `score` only when Reviewed. */
export const assignmentMemberAnswerSchema = assignmentUserAnswerSchema.extend({
  viewed: z.boolean(),
});

/** A member of an assignment (GET /assignments/{id}/users): the user and, for trainees, the answer. */
export const assignmentUserSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleId: roleIdSchema,
  active: z.boolean(),
  image: imageRefSchema.nullable(),
  answer: assignmentMemberAnswerSchema.nullable(),
});
export type AssignmentUser = z.infer<typeof assignmentUserSchema>;

/** 001 §3 'Answer' as GET /assignments/{id}/answers lists it; `score` only when Reviewed. */
export const assignmentAnswerSchema = z.object({
  id,
  userId: id,
  user: z.object({ id, firstName: z.string(), lastName: z.string() }),
  assignmentId: id,
  statusId: assignmentAnswerStatusIdSchema,
  score: z.number().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
  viewed: z.boolean(),
  practiceCounter: count,
  ratingsAnswerId: z.number().int().nullable(),
  feedbackAnswerId: z.number().int().nullable(),
});
export type AssignmentAnswer = z.infer<typeof assignmentAnswerSchema>;

/**
 * One user the assign dialog offers (GET /assignments/{id}/candidates): name, email, whether the
 * account is active (an inactive one is shown but cannot be picked: the add call refuses it), its
 * groups of the organization and, when already on the assignment, `member` true (a trainee with
 * its answer status).
 */
export const assignmentCandidateSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  active: z.boolean(),
  groups: z.array(z.object({ id, name: z.string() })),
  member: z.boolean(),
  answerStatusId: assignmentAnswerStatusIdSchema.nullable(),
});
export type AssignmentCandidate = z.infer<typeof assignmentCandidateSchema>;

/** GET /assignments/dashboard (000 §2.5 instructor dashboard cards). */
export const assignmentDashboardSchema = z.object({
  /** Active trainees of the organization (not deleted). */
  totalTrainees: count,
  /** Assignments with status Active. */
  activeAssignments: count,
  /** Answers with status Submitted ('To review'). */
  pendingReview: count,
  /**
   * decisions.md#console-flows §7: the organization's interviews, rating scales and feedback forms in Review (awaiting
   * a Manager's or Admin's approval), in all and per content type. Optional for older servers.
   */
  awaitingApproval: count.optional(),
  awaitingApprovalByType: z
    .object({ interviews: count, ratingScales: count, feedbackForms: count })
    .optional(),
});
export type AssignmentDashboard = z.infer<typeof assignmentDashboardSchema>;
