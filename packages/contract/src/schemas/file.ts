/**
 * Files (000 §7 'Files', decisions.md#files): the upload request, its answers, the files list,
 * and the accept rules by media type (size limits in bytes, extensions, content types) shared by
 * the server's checks and the console's upload field.
 */
import { z } from 'zod';
import {
  audioExtension,
  audioMaxBytes,
  imageExtensions,
  imageMaxBytes,
  videoExtensions,
  videoMaxBytes,
} from '../constants';
import { MediaType, type MediaTypeId } from '../enums';
import { messages } from '../messages';
import { answerDurationMaxSeconds } from './answer';
import { idSchema, isoDateTimeSchema, pageQuerySchema, requiredText } from './common';

/** Longest kept display name of an uploaded file (not a spec limit). */
export const fileNameMaxLength = 255;

/** What one media type accepts: extensions (lower case, no dot), their content types, the byte limit and the messages. */
export interface UploadRule {
  extensions: readonly string[];
  /** Content type served for each extension. */
  contentTypes: Readonly<Record<string, string>>;
  maxBytes: number;
  /** 413 text when the size is over `maxBytes`. */
  tooLargeMessage: string;
  /** 400 text when the extension or the real content is not accepted. */
  wrongTypeMessage: string;
}

/**
 * decisions.md#files: images ≤ 300 KB (png, jpeg, webp, gif), audio mp3 ≤ 500 KB, videos mp4 or
 * webm ≤ 100 MB. Other media types are not uploadable.
 */
export const uploadRules: Partial<Record<MediaTypeId, UploadRule>> = {
  [MediaType.Image]: {
    extensions: imageExtensions,
    contentTypes: {
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      webp: 'image/webp',
    },
    maxBytes: imageMaxBytes,
    tooLargeMessage: messages.imageTooLarge,
    wrongTypeMessage: messages.fileTypeNotAllowed,
  },
  [MediaType.Audio]: {
    extensions: [audioExtension],
    contentTypes: { [audioExtension]: 'audio/mpeg' },
    maxBytes: audioMaxBytes,
    tooLargeMessage: messages.audioTooLarge,
    wrongTypeMessage: messages.audioMustBeMp3,
  },
  [MediaType.Video]: {
    extensions: videoExtensions,
    contentTypes: { mp4: 'video/mp4', webm: 'video/webm' },
    maxBytes: videoMaxBytes,
    tooLargeMessage: messages.fileTooLarge,
    wrongTypeMessage: messages.fileTypeNotAllowed,
  },
};

/** Lower-cases an extension and drops leading dots ('.PNG' → 'png'). */
export function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\.+/, '').toLowerCase();
}

/** A refused upload: the status (400 or 413) and the spec's message. */
export interface UploadProblem {
  status: 400 | 413;
  message: string;
}

/**
 * Checks a file before upload (decisions.md#files): media type, extension, then size in bytes.
 * Returns null when accepted, otherwise the status and message (e.g. 413 'File size exceeds
 * 300KB. Please choose a smaller file.', 400 'File must be in .mp3 format').
 */
export function uploadProblem(file: {
  fileTypeId: number;
  extension: string;
  /** Bytes; not checked when absent (the signed PUT checks the real size). */
  size?: number | null | undefined;
}): UploadProblem | null {
  const rule = uploadRules[file.fileTypeId as MediaTypeId];
  if (!rule) return { status: 400, message: messages.fileTypeNotAllowed };
  if (!rule.extensions.includes(normalizeExtension(file.extension))) {
    return { status: 400, message: rule.wrongTypeMessage };
  }
  if (file.size != null && file.size > rule.maxBytes)
    return { status: 413, message: rule.tooLargeMessage };
  return null;
}

/**
 * How many bytes one user may upload in 24 hours when UPLOAD_MAX_BYTES_PER_DAY is not set: 2 GiB
 * (twenty full-length answer videos a day).
 */
export const defaultUploadMaxBytesPerDay = 2 * 1024 * 1024 * 1024;

/**
 * POST /files/upload body (000 §7 'Files', 001 §7 'presigned url': id, name, extension,
 * fileTypeId, file): `name` (display name), `extension`, `fileTypeId` (MediaType id) and the
 * optional `size`, the declared size in bytes (checked now when given; the signed PUT checks the
 * real size either way). `id` is 0 or null for a new file (the spec's form); any id is accepted
 * and ignored, the server makes the id. `file` (the spec's client sends its local file object,
 * which JSON turns into `{}`) is accepted and ignored: the bytes go to the signed PUT.
 */
export const uploadRequestSchema = z.object({
  id: z
    .union([z.literal(0), idSchema], { error: messages.idInvalid })
    .nullable()
    .optional(),
  file: z.unknown().optional(),
  name: requiredText(messages.validationFailed, fileNameMaxLength, messages.nameTooLong),
  extension: z
    .string({ error: messages.fileTypeNotAllowed })
    .trim()
    .min(1, { error: messages.fileTypeNotAllowed })
    .max(16, { error: messages.fileTypeNotAllowed }),
  fileTypeId: z
    .number({ error: messages.fileTypeNotAllowed })
    .int({ error: messages.fileTypeNotAllowed }),
  size: z
    .number({ error: messages.validationFailed })
    .int({ error: messages.validationFailed })
    .positive({ error: messages.validationFailed })
    .nullable()
    .optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** POST /files/upload answer: the new file's id and the signed PUT URL (15 minutes). */
export const uploadTicketSchema = z.object({ id: z.number().int().positive(), url: z.string() });
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** A stored file as listed by GET /files. `size` in bytes; `url` serves the bytes. */
export const fileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  extension: z.string(),
  fileTypeId: z.number().int(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  createdAt: isoDateTimeSchema,
});
export type FileItem = z.infer<typeof fileSchema>;

/** GET /files query: paging only. */
export const fileListQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------------------
// Answer videos of the practice app: resumable uploads (tus 1.0.0) under /api/me
// ---------------------------------------------------------------------------

/**
 * The tus endpoint of a trainee's answer videos: POST creates an upload (the `Location` header
 * names it), HEAD answers its offset, PATCH appends bytes from that offset, DELETE cancels it.
 * Every call needs the trainee's bearer session.
 */
export const answerVideoUploadPath = '/api/me/uploads';

/** The extension stored for each container a recorder may produce (MediaRecorder's `mimeType`). */
export const answerVideoExtensions = { 'video/webm': 'webm', 'video/mp4': 'mp4' } as const;

/**
 * The extension of a recorder's type, codec parameters allowed ('video/webm;codecs=vp9,opus' →
 * 'webm', 'video/mp4' → 'mp4'), or null for any other type.
 */
export function answerVideoExtension(type: string): 'webm' | 'mp4' | null {
  const base = type.split(';')[0]!.trim().toLowerCase();
  return base in answerVideoExtensions
    ? answerVideoExtensions[base as keyof typeof answerVideoExtensions]
    : null;
}

/**
 * The `Upload-Metadata` of an answer video upload (values are text on the wire): the assignment
 * and the question it answers, `filetype` (the recorder's type: video/webm or video/mp4, codec
 * parameters allowed), the optional display `filename` and `duration`, the recording's length in
 * seconds as the recorder measured it (more than 0, at most 3600).
 */
export const answerVideoUploadMetadataSchema = z.object({
  assignmentId: idSchema,
  questionId: idSchema,
  filetype: z
    .string({ error: messages.fileTypeNotAllowed })
    .refine((type) => answerVideoExtension(type) !== null, { error: messages.fileTypeNotAllowed }),
  filename: z
    .string()
    .trim()
    .max(fileNameMaxLength, { error: messages.nameTooLong })
    .nullish()
    .transform((name) => name || null),
  duration: z
    .string({ error: messages.durationInvalid })
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: messages.durationInvalid })
    .transform(Number)
    .pipe(
      z
        .number()
        .gt(0, { error: messages.durationInvalid })
        .max(answerDurationMaxSeconds, { error: messages.durationInvalid }),
    ),
});
export type AnswerVideoUploadMetadata = z.infer<typeof answerVideoUploadMetadataSchema>;

/**
 * The body of the request that finishes an answer video upload (the last PATCH answers 200 with
 * it): the stored video file, already saved as my answer item of the question, and its signed
 * read URL.
 */
export const answerVideoUploadResultSchema = z.object({
  fileId: z.number().int().positive(),
  url: z.string(),
});
export type AnswerVideoUploadResult = z.infer<typeof answerVideoUploadResultSchema>;
