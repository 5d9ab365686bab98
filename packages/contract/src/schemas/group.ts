/**
 * Groups (000 §2.6, §3, §5, §7 'Groups').
 */
import { z } from 'zod';
import { groupDescriptionMaxLength, groupNameMaxLength } from '../constants';
import { messages } from '../messages';
import { roleIdSchema } from './auth';
import {
  idSchema,
  pageQuerySchema,
  requiredMultilineText,
  requiredText,
  searchSchema,
} from './common';
import { rolesFilterSchema } from './user';

/** 000 §5: the Create/Edit Group dialog: 'Group name is required!', 'Group description is required!'. */
export const groupFormSchema = z.object({
  name: requiredText(messages.groupNameRequired, groupNameMaxLength, messages.nameTooLong),
  description: requiredMultilineText(
    messages.groupDescriptionRequired,
    groupDescriptionMaxLength,
    messages.descriptionTooLong,
  ),
});
export type GroupForm = z.infer<typeof groupFormSchema>;

/** POST /groups body: the form plus the organization. */
export const createGroupBodySchema = groupFormSchema.extend({ organizationId: idSchema });
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** PUT /groups/{id} body. */
export const updateGroupBodySchema = groupFormSchema;

/** GET /groups query: includes users, userId, organizationId, paging. */
export const groupListQuerySchema = pageQuerySchema.extend({
  organizationId: idSchema.optional(),
  userId: idSchema.optional(),
  includeUsers: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  search: searchSchema,
});

/** GET /groups/{id}/users query: roles and paging. */
export const groupUsersQuerySchema = pageQuerySchema.extend({ roles: rolesFilterSchema });

/** A group member as listed in a group (000 §3). */
export const groupMemberSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: roleIdSchema,
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** 000 §3 'Group' as the API returns it. */
export const groupSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  organizationId: z.number().int().positive(),
  organization: z.object({ id: z.number().int().positive(), name: z.string() }).optional(),
  users: z.array(groupMemberSchema).optional(),
  traineesCount: z.number().int().nonnegative().optional(),
  instructorsCount: z.number().int().nonnegative().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
