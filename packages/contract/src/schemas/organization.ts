/**
 * Organizations: contact form, seats, lists (000 §2.5, §2.9, §3, §5, §7 'Organizations').
 */
import { z } from 'zod';
import {
  contactNameMaxLength,
  contactNameMinLength,
  organizationAddressMaxLength,
  organizationAddressMinLength,
  organizationNameMaxLength,
  organizationNameMinLength,
  seatsMax,
  seatsMin,
} from '../constants';
import { ContentStatus } from '../enums';
import { messages } from '../messages';
import {
  emailSchema,
  idSchema,
  imageRefSchema,
  pageQuerySchema,
  phoneSchema,
  requiredText,
  searchSchema,
  wholeNumber,
} from './common';
import { assetTypeIdSchema } from './asset';
import { contentTypeIdSchema, ownershipSchema } from './content';
import { rolesFilterSchema } from './user';

/** 000 §5: organization name, required, 3 to 50 characters. */
export const organizationNameSchema = requiredText(
  messages.organizationNameRequired,
  organizationNameMaxLength,
  messages.organizationNameMaxLength,
).min(organizationNameMinLength, { error: messages.organizationNameMinLength });

/** 000 §5: organization address, required, 3 to 100 characters. */
export const organizationAddressSchema = requiredText(
  messages.addressRequired,
  organizationAddressMaxLength,
  messages.addressMaxLength,
).min(organizationAddressMinLength, { error: messages.addressMinLength });

/** 000 §5: the contact person: names required, 3 to 50; email required; phone exactly 10. */
export const contactSchema = z.object({
  firstName: requiredText(
    messages.firstNameRequired,
    contactNameMaxLength,
    messages.contactFirstNameMaxLength,
  ).min(contactNameMinLength, { error: messages.contactFirstNameMinLength }),
  lastName: requiredText(
    messages.lastNameRequired,
    contactNameMaxLength,
    messages.contactLastNameMaxLength,
  ).min(contactNameMinLength, { error: messages.contactLastNameMinLength }),
  email: emailSchema,
  phoneNumber: phoneSchema,
});

/** 000 §5: trainee seats (`userSeats`), whole number 0..10000 ('Trainees must be 0 or more.'). */
export const userSeatsSchema = z
  .number({ error: messages.seatsMustBeWholeNumber })
  .int({ error: messages.seatsMustBeWholeNumber })
  .min(seatsMin, { error: messages.traineeSeatsMin })
  .max(seatsMax, { error: messages.traineeSeatsMax });

/** 000 §5: creator seats (`creatorSeats`), whole number 0..10000. */
export const creatorSeatsSchema = z
  .number({ error: messages.seatsMustBeWholeNumber })
  .int({ error: messages.seatsMustBeWholeNumber })
  .min(seatsMin, { error: messages.creatorSeatsMin })
  .max(seatsMax, { error: messages.creatorSeatsMax });

/** PUT /organizations/{id}/seats body and the seats form. */
export const organizationSeatsBodySchema = z.object({
  userSeats: userSeatsSchema,
  creatorSeats: creatorSeatsSchema,
});
export type OrganizationSeatsBody = z.infer<typeof organizationSeatsBodySchema>;

/** The contact form of 000 §2.9 and PUT /organizations/{id} body. */
export const organizationBodySchema = z.object({
  name: organizationNameSchema,
  address: organizationAddressSchema,
  contact: contactSchema,
  imageId: idSchema.nullable().optional(),
});
export type OrganizationBody = z.infer<typeof organizationBodySchema>;

/** POST /organizations body: the contact form plus optional seats (default 0 each). */
export const createOrganizationBodySchema = organizationBodySchema.extend({
  userSeats: userSeatsSchema.default(0),
  creatorSeats: creatorSeatsSchema.default(0),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

/** 000 §3 'Organization' as the API returns it. */
export const organizationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  address: z.string(),
  contact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  contactId: z.number().int().positive().nullable(),
  imageId: z.number().int().positive().nullable(),
  image: imageRefSchema.nullable(),
  userSeats: z.number().int(),
  creatorSeats: z.number().int(),
  active: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /organizations/{id}/users query. */
export const organizationUsersQuerySchema = pageQuerySchema.extend({
  roles: rolesFilterSchema,
  search: searchSchema,
});

/** GET /organizations/{id}/assets query: `type` 1 Avatar | 2 Environment (or `avatar`, `environment`). */
export const organizationAssetsQuerySchema = z.object({ type: assetTypeIdSchema.optional() });

/** GET /organizations/{id}/contents query (001 §7): status, contentTypeId, authoring, search. */
export const organizationContentsQuerySchema = pageQuerySchema.extend({
  status: wholeNumber(messages.validationFailed)
    .pipe(
      z.literal(
        [
          ContentStatus.Draft,
          ContentStatus.Review,
          ContentStatus.Active,
          ContentStatus.Inactive,
          ContentStatus.Deleted,
          ContentStatus.All,
        ],
        { error: messages.validationFailed },
      ),
    )
    .optional(),
  contentTypeId: contentTypeIdSchema.optional(),
  authoring: ownershipSchema.optional(),
  search: searchSchema,
});

/**
 * PUT /organizations/{id} body: name, address and image. 000 §2.9: the contact is editable only at
 * creation, so a `contact` sent along (the console's form holds it read-only) is accepted and ignored.
 */
export const updateOrganizationBodySchema = z.object({
  name: organizationNameSchema,
  address: organizationAddressSchema,
  imageId: idSchema.nullable().optional(),
  contact: z.unknown().optional(),
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

/**
 * A row of GET /organizations (000 §2.5 system admin dashboard): status, name and the counts of
 * groups, trainees (active, not deleted) and interviews.
 */
export const organizationListItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  active: z.boolean(),
  imageId: z.number().int().positive().nullable(),
  image: imageRefSchema.nullable(),
  userSeats: z.number().int(),
  creatorSeats: z.number().int(),
  groupsCount: z.number().int().nonnegative(),
  traineesCount: z.number().int().nonnegative(),
  interviewsCount: z.number().int().nonnegative(),
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;

/**
 * GET /organizations/{id}: the organization with the counts of its stat cards and member tabs
 * (000 §2.5, §2.9). Member counts leave soft-deleted users out; `traineesCount` counts active
 * trainees only. Seat usage (decisions.md) `seatsUsed` = active trainees + pending (not accepted,
 * not expired) trainee invites, over `userSeats`; `creatorsCount` over `creatorSeats`.
 */
export const organizationDetailSchema = organizationSchema.extend({
  groupsCount: z.number().int().nonnegative(),
  traineesCount: z.number().int().nonnegative(),
  instructorsCount: z.number().int().nonnegative(),
  managersCount: z.number().int().nonnegative(),
  creatorsCount: z.number().int().nonnegative(),
  interviewsCount: z.number().int().nonnegative(),
  pendingInvitesCount: z.number().int().nonnegative(),
  pendingTraineeInvitesCount: z.number().int().nonnegative(),
  seatsUsed: z.number().int().nonnegative(),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;
