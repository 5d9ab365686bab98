/**
 * The only path from an assignment's composition to the wire: 001 §3 'Assignment' `data` (roles
 * with the chosen avatars, interview, rating scale, feedback form, environment). Image URLs are the
 * files module's, signed with the app's `urls` (files/url.ts).
 */
import type {
  AssignmentAsset,
  AssignmentContent,
  AssignmentData,
  AssignmentRole,
} from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type { CompositionTree } from './repository.js';

type AssetTree = NonNullable<CompositionTree['environment']>;
type ContentTree = NonNullable<CompositionTree['interview']>;
type RoleTree = CompositionTree['roles'][number];

/** Maps an asset with its image to the assignment's asset shape. */
function presentAsset(urls: FileUrls, asset: AssetTree): AssignmentAsset {
  return {
    id: asset.id,
    name: asset.name,
    description: asset.description,
    assetTypeId: asset.assetTypeId,
    imageId: asset.imageId,
    image:
      asset.imageId !== null && asset.image
        ? { id: asset.imageId, url: urls.sign(asset.image.storageKey) }
        : null,
  };
}

/** Maps the assignment's roles to `data.roles`, in the interview's order. */
function presentRoles(urls: FileUrls, roles: readonly RoleTree[]): AssignmentRole[] {
  return [...roles]
    .sort(
      (a, b) =>
        a.interviewRole.position - b.interviewRole.position ||
        a.interviewRoleId - b.interviewRoleId,
    )
    .map((r) => ({
      id: r.interviewRoleId,
      roleId: r.interviewRoleId,
      name: r.interviewRole.name,
      avatarId: r.avatarId,
      avatar: r.avatar ? presentAsset(urls, r.avatar) : null,
    }));
}

/** Maps a content with its roles, questions and options to the assignment's content shape. */
function presentContent(content: ContentTree | null): AssignmentContent | null {
  if (!content) return null;
  return {
    id: content.id,
    name: content.name,
    description: content.description,
    contentTypeId: content.contentTypeId,
    statusId: content.statusId,
    organizationId: content.organizationId,
    updatedAt: content.updatedAt.toISOString(),
    roles: content.roles.map((r) => ({ id: r.id, name: r.name, avatarId: r.avatarId })),
    questions: content.questions.map((q) => ({
      id: q.id,
      text: q.text,
      description: q.description,
      questionTypeId: q.questionTypeId,
      interviewRoleId: q.interviewRoleId,
      contentId: q.contentId,
      tags: q.tags,
      options: q.options.map((o) => ({ id: o.id, text: o.text, correctAnswer: o.correctAnswer })),
    })),
  };
}

/** 001 §3 'Assignment' `data` of a composition, image URLs signed with `urls`. */
export function presentAssignmentData(
  urls: FileUrls,
  composition: CompositionTree,
): AssignmentData {
  return {
    interviewId: composition.interviewId,
    environmentId: composition.environmentId,
    ratingsId: composition.ratingsId,
    feedbackId: composition.feedbackId,
    roles: presentRoles(urls, composition.roles),
    interview: presentContent(composition.interview),
    ratings: presentContent(composition.ratings),
    feedback: presentContent(composition.feedback),
    environment: composition.environment ? presentAsset(urls, composition.environment) : null,
  };
}
