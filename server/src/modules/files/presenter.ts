/**
 * The only path from a file row to the wire (000 §7 'Files'): `{id, url}` references for other
 * resources (imageId …) and the list item of GET /files. URLs are root-relative (clients resolve
 * them against the API origin), signed with the app's `urls` and expire (url.ts): read the
 * resource again for a fresh one.
 */
import type { FileItem, ImageRef } from '@practica/contract';
import type { FileRow } from './repository.js';
import type { FileUrls } from './url.js';

/** `{id, url}` of a file signed with `urls`, as other resources present their imageId; null for no file. */
export function fileRef(
  urls: FileUrls,
  row: Pick<FileRow, 'id' | 'storageKey'> | null | undefined,
): ImageRef | null {
  return row ? { id: row.id, url: urls.sign(row.storageKey) } : null;
}

/** A Ready file as listed by GET /files, its URL signed with `urls`; `size` in bytes (the real size, not the declared one). */
export function presentFile(urls: FileUrls, row: FileRow): FileItem {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    fileTypeId: row.fileTypeId,
    contentType: row.contentType,
    size: row.size ?? 0,
    url: urls.sign(row.storageKey),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Replaces what is not printable ASCII, quotes and backslashes (the `filename=` fallback). */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * `Content-Disposition: inline` with the file's display name, safely quoted: an ASCII fallback
 * and the UTF-8 form (RFC 6266 / RFC 8187). The extension is appended when the name lacks it.
 */
export function contentDisposition(row: Pick<FileRow, 'name' | 'extension'>): string {
  const suffix = `.${row.extension}`;
  const name = row.name.toLowerCase().endsWith(suffix) ? row.name : `${row.name}${suffix}`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${asciiFallback(name)}"; filename*=UTF-8''${encoded}`;
}
