/**
 * File uploads (000 §7 'Files'; decisions.md#files): `POST /files/upload` with the file's name,
 * extension, media type and declared size answers `{id, url}`; the raw bytes then go to `url` with
 * a PUT (through XMLHttpRequest, so the caller can show progress), our server's or, with object
 * storage, the bucket's presigned URL, whose answer has no body of ours; so
 * `POST /files/{id}/complete` then answers the stored file's `{id, url}` once the server checked
 * the bytes, with either storage. The answered id becomes e.g. `imageId`. The contract's
 * `uploadProblem` checks type and size before anything is sent.
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
import { api, ApiError } from '@shared/lib/api-client';

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

/** The envelope of a refused PUT to our own URL, as far as it is read here (a bucket answers XML). */
interface PutAnswer {
  error?: { message?: unknown } | null;
}

/** PUTs the bytes to the upload URL; resolves once they were accepted (any 2xx). */
function putBytes(url: string, file: File, options: UploadOptions): Promise<void> {
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
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      let body: PutAnswer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as PutAnswer;
      } catch {
        body = null;
      }
      const text = body?.error?.message;
      fail('http', xhr.status, typeof text === 'string' && text ? text : undefined);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads one file: checks it, asks for the upload URL, sends the bytes, then has the server
 * check them (`POST /files/{id}/complete`). Resolves with the stored file's `{id, url}`; rejects
 * with an `ApiError` (the server's message, or `messages.failedToUploadImage` when there is none).
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
  await putBytes(ticket.url, file, options);
  const stored = await api.post(`/files/${ticket.id}/complete`, {
    schema: imageRefSchema,
    signal: options.signal,
  });
  options.onProgress?.(100);
  return stored;
}
