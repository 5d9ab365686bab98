/**
 * Avatars and environments (001 §2 'Avatars and environments', §3 'Asset', §7 '/assets'): the
 * asset form, the bodies and queries of the /assets calls, and the asset as the API returns it.
 */
import { z } from 'zod';
import { AssetType, type AssetTypeId } from '../enums';
import { messages } from '../messages';
import {
  enumParamSchema,
  idSchema,
  imageRefSchema,
  isoDateTimeSchema,
  optionalText,
  pageSchema,
  pageSizeSchema,
  requiredText,
} from './common';

/** Upper bound of an avatar name or environment title (not a spec limit). */
export const assetNameMaxLength = 100;
/** Upper bound of an asset description (not a spec limit). */
export const assetDescriptionMaxLength = 1000;

/** The asset kinds in id order (Avatar 1, Environment 2). */
export const assetTypeIds = [AssetType.Avatar, AssetType.Environment] as const;

/**
 * An asset kind from a path or query string (001 §7 `typeId`/`type` 'avatar or environment'):
 * '1' or 'avatar', '2' or 'environment' (400 otherwise).
 */
export const assetTypeIdSchema = enumParamSchema(assetTypeIds, {
  avatar: AssetType.Avatar,
  environment: AssetType.Environment,
});

/** 001 §5: the message when the name is missing, by kind ('Avatar name is required!', 'Environment title is required!'). */
export const assetNameRequiredMessages: Record<AssetTypeId, string> = {
  [AssetType.Avatar]: messages.avatarNameRequired,
  [AssetType.Environment]: messages.environmentTitleRequired,
};

/** 001 §8: the console's fallback when deleting fails, by kind; the server's 409 text for an asset in use. */
export const assetDeleteFailedMessages: Record<AssetTypeId, string> = {
  [AssetType.Avatar]: messages.failedToDeleteAvatar,
  [AssetType.Environment]: messages.failedToDeleteEnvironment,
};

/** The required, trimmed name of an asset of `type` (avatar name or environment title). */
export function assetNameSchema(type: AssetTypeId) {
  return requiredText(assetNameRequiredMessages[type], assetNameMaxLength, messages.nameTooLong);
}

/** Optional description, trimmed, multi-line (no other control characters); missing or null becomes ''. */
export const assetDescriptionSchema = optionalText(messages.validationFailed, {
  max: assetDescriptionMaxLength,
  maxMessage: messages.descriptionTooLong,
  multiline: true,
})
  .nullish()
  .transform((v) => v ?? '');

/** The image of an asset: the id of an uploaded image (POST /files/upload); 'Failed to upload image!' otherwise. */
export const assetImageIdSchema = z
  .number({ error: messages.failedToUploadImage })
  .int({ error: messages.failedToUploadImage })
  .positive({ error: messages.failedToUploadImage });

/**
 * The create/edit form of an avatar (`type` 1) or environment (2), and the strict body the server
 * applies: name required with the kind's message, description optional, imageId required.
 */
export function assetFormSchema(type: AssetTypeId) {
  return z.object({
    name: assetNameSchema(type),
    description: assetDescriptionSchema,
    imageId: assetImageIdSchema,
  });
}
export type AssetForm = z.infer<ReturnType<typeof assetFormSchema>>;

/**
 * POST /assets/{type} and PUT /assets/{id} body as the route documents it: {name, description?,
 * imageId}. The kind decides the name's message, so the server checks the name again with
 * `assetFormSchema(type)` once it knows the kind (the path for a create, the stored asset for an
 * update).
 */
export const assetBodySchema = z.object({
  name: z.string({ error: messages.validationFailed }).optional(),
  description: z.string({ error: messages.validationFailed }).nullish(),
  imageId: assetImageIdSchema.optional(),
});
export type AssetBody = z.infer<typeof assetBodySchema>;

/** Path parameter `{type}` of POST /assets/{type}. */
export const assetTypeParamSchema = z.object({ type: assetTypeIdSchema });

/** Path parameters of PUT /assets/{id}/add|remove/{organizationId}. */
export const assetOrganizationParamSchema = z.object({ id: idSchema, organizationId: idSchema });

/**
 * GET /assets query: `typeId` 1 Avatar | 2 Environment (absent: both). Paging is optional: without
 * `page` and `pageSize` the whole list comes back (the avatar picker shows them all); with either,
 * one page (`page` ≥ 1, `pageSize` 25 | 50 | 100, defaults 1 and 25). `count` is always the total.
 */
export const assetListQuerySchema = z.object({
  typeId: assetTypeIdSchema.optional(),
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/** `createdBy` of an asset: the author's id and names, or null when the author was erased. */
export const assetAuthorSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * 001 §3 'Asset' as the API returns it. `organizationId` null = general (shared by the admin);
 * `organizationIds`: the organizations a general asset was added to — all of them for an admin
 * (the toggles of the organization detail), only the viewer's own for anyone else.
 */
export const assetSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  assetTypeId: z.literal(assetTypeIds),
  image: imageRefSchema.nullable(),
  imageId: z.number().int().positive().nullable(),
  organizationId: z.number().int().positive().nullable(),
  organizationIds: z.array(z.number().int().positive()),
  createdBy: assetAuthorSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type Asset = z.infer<typeof assetSchema>;
