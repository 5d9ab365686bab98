/**
 * Every enumeration of the two spec documents, with the spec's numeric ids
 * (000 §3 and 001 §3). Ids are what the API carries; labels are what the console shows.
 */

/** 000 §3: Role ids Trainee 1, Instructor 2, Manager 3, Admin 4. */
export const Role = { Trainee: 1, Instructor: 2, Manager: 3, Admin: 4 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const roleLabels: Record<RoleId, string> = {
  1: 'Trainee',
  2: 'Instructor',
  3: 'Manager',
  4: 'Admin',
};
export const roleIds = [1, 2, 3, 4] as const satisfies readonly RoleId[];

/** 000 §3 / 001 §3: Asset kinds Avatar 1, Environment 2. */
export const AssetType = { Avatar: 1, Environment: 2 } as const;
export type AssetTypeId = (typeof AssetType)[keyof typeof AssetType];
export const assetTypeLabels: Record<AssetTypeId, string> = { 1: 'Avatar', 2: 'Environment' };

/** 000 §3: Existence Existing 0, Deleted 1, All 2 (the users list's deleted filter). */
export const Existence = { Existing: 0, Deleted: 1, All: 2 } as const;
export type ExistenceId = (typeof Existence)[keyof typeof Existence];

/** 000 §3 / 001 §3: list scope General 0, Organization 1, Assignable 2. */
export const Scope = { General: 0, Organization: 1, Assignable: 2 } as const;
export type ScopeId = (typeof Scope)[keyof typeof Scope];

/** 000 §3 / 001 §3: ownership All 0, Authored 1, Assigned 2. */
export const Ownership = { All: 0, Authored: 1, Assigned: 2 } as const;
export type OwnershipId = (typeof Ownership)[keyof typeof Ownership];

/** 000 §3: Media kinds (no ids given; numbered in the listed order from 1). Used as fileTypeId. */
export const MediaType = {
  Image: 1,
  Audio: 2,
  Video: 3,
  Text: 4,
  Binary: 5,
  Unity: 6,
  Mime: 7,
} as const;
export type MediaTypeId = (typeof MediaType)[keyof typeof MediaType];

/** 001 §3: question types Open 1, Single 2, Multiple 3, Rating 4, Rank/Order 5. */
export const QuestionType = { Open: 1, Single: 2, Multiple: 3, Rating: 4, Rank: 5 } as const;
export type QuestionTypeId = (typeof QuestionType)[keyof typeof QuestionType];
export const questionTypeLabels: Record<QuestionTypeId, string> = {
  1: 'Open',
  2: 'Single',
  3: 'Multiple',
  4: 'Rating',
  5: 'Rank/Order',
};

/** 001 §3: content types Interview 1, Rating scales 2, Feedback 3. */
export const ContentType = { Interview: 1, RatingScale: 2, Feedback: 3 } as const;
export type ContentTypeId = (typeof ContentType)[keyof typeof ContentType];
export const contentTypeLabels: Record<ContentTypeId, string> = {
  1: 'Interview',
  2: 'Rating scales',
  3: 'Feedback',
};

/** 001 §3: content status Draft 1, Review 2, Active 3, Inactive 4, Deleted 5, All 6 (All is a filter only). */
export const ContentStatus = {
  Draft: 1,
  Review: 2,
  Active: 3,
  Inactive: 4,
  Deleted: 5,
  All: 6,
} as const;
export type ContentStatusId = (typeof ContentStatus)[keyof typeof ContentStatus];
export const contentStatusLabels: Record<ContentStatusId, string> = {
  1: 'Draft',
  2: 'Review',
  3: 'Active',
  4: 'Inactive',
  5: 'Deleted',
  6: 'All',
};

/** 001 §3: assignment status Draft 1, Planned 2, Active 3, Pending 4, Closed 5, Inactive 6. */
export const AssignmentStatus = {
  Draft: 1,
  Planned: 2,
  Active: 3,
  Pending: 4,
  Closed: 5,
  Inactive: 6,
} as const;
export type AssignmentStatusId = (typeof AssignmentStatus)[keyof typeof AssignmentStatus];
export const assignmentStatusLabels: Record<AssignmentStatusId, string> = {
  1: 'Draft',
  2: 'Planned',
  3: 'Active',
  4: 'Pending',
  5: 'Closed',
  6: 'Inactive',
};

/** 001 §3: answer status None 0, Pending 1, Submitted 2 (shown 'To review'), Reviewed 3, Completed 4. */
export const AnswerStatus = {
  None: 0,
  Pending: 1,
  Submitted: 2,
  Reviewed: 3,
  Completed: 4,
} as const;
export type AnswerStatusId = (typeof AnswerStatus)[keyof typeof AnswerStatus];
export const answerStatusLabels: Record<AnswerStatusId, string> = {
  0: 'None',
  1: 'Pending',
  2: 'To review',
  3: 'Reviewed',
  4: 'Completed',
};
