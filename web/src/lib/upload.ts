/**
 * File uploads (000 §7 'Files'; DECISIONS.md 'Files'): `POST /files/upload` with the file's name,
 * extension, media type and declared size answers `{id, url}`; the raw bytes then go to `url` with
 * a PUT (through XMLHttpRequest, so the caller can show progress). The answered id becomes e.g.
 * `imageId`. The contract's `uploadProblem` checks type and size before anything is sent.
 */
import {
  imageRefSchema,
  messages,
  normalizeExtension,
  requestTimeoutMs,
  uploadProblem,
  uploadRules,
  uploadTicketSchema,
  type ImageRef,
  type MediaTypeId,
  type UploadProblem,
} from '@practica/contract';
import { api, ApiError } from './api-client';

/** The extension of a file name, lower case and without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : normalizeExtension(fileName.slice(dot + 1));
}

/** The name without its extension (the file's display name). */
function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const name = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return name || fileName;
}

/** Checks a picked file against the media type's rules (e.g. images ≤ 300 KB); null when fine. */
export function checkUpload(file: File, fileTypeId: MediaTypeId): UploadProblem | null {
  return uploadProblem({ fileTypeId, extension: extensionOf(file.name), size: file.size });
}

/** The `accept` attribute of a file input for a media type ('.png,.jpg,…,image/png,…'). */
export function acceptFor(fileTypeId: MediaTypeId): string {
  const rule = uploadRules[fileTypeId];
  if (!rule) return '';
  const types = new Set(Object.values(rule.contentTypes));
  return [...rule.extensions.map((e) => `.${e}`), ...types].join(',');
}

export interface UploadOptions {
  /** Called with 0..100 while the bytes are sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The envelope of the signed PUT's answer, as far as it is read here. */
interface PutAnswer {
  data?: unknown;
  error?: { message?: unknown } | null;
}

/** PUTs the bytes to the signed URL; resolves with the stored file's `{id, url}`. */
function putBytes(url: string, file: File, options: UploadOptions): Promise<ImageRef> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (kind: 'network' | 'timeout' | 'http', status = 0, message?: string) =>
      reject(
        new ApiError({
          kind,
          status,
          message: message ?? messages.failedToUploadImage,
          fromServer: Boolean(message),
        }),
      );
    xhr.open('PUT', url);
    xhr.timeout = requestTimeoutMs;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      let body: PutAnswer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as PutAnswer;
      } catch {
        body = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const text = body?.error?.message;
        fail('http', xhr.status, typeof text === 'string' && text ? text : undefined);
        return;
      }
      const ref = imageRefSchema.safeParse(body?.data);
      if (!ref.success) {
        fail('http', xhr.status);
        return;
      }
      options.onProgress?.(100);
      resolve(ref.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads one file: checks it, asks for the signed URL, sends the bytes. Resolves with the stored
 * file's `{id, url}`; rejects with an `ApiError` (the server's message, or
 * `messages.failedToUploadImage` when there is none).
 */
export async function uploadFile(
  file: File,
  fileTypeId: MediaTypeId,
  options: UploadOptions = {},
): Promise<ImageRef> {
  const problem = checkUpload(file, fileTypeId);
  if (problem) {
    throw new ApiError({
      kind: 'http',
      status: problem.status,
      message: problem.message,
      fromServer: true,
    });
  }
  options.onProgress?.(0);
  const ticket = await api.post('/files/upload', {
    body: {
      name: baseName(file.name),
      extension: extensionOf(file.name),
      fileTypeId,
      size: file.size,
    },
    schema: uploadTicketSchema,
    signal: options.signal,
  });
  return putBytes(ticket.url, file, options);
}
