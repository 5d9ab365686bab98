/**
 * Public URLs of stored files (DECISIONS.md 'Files'). A file is served at `/files/<storageKey>`;
 * the key holds 128 random bits made by the server, so the URL itself is the capability to read
 * the file, the way an S3 presigned GET is: no session is needed (images in <img>, videos in the
 * player, the mobile app), and nobody can list or guess another file's URL. Ids are never enough.
 */

/** The URL path that serves the file with this storage key, e.g. `/files/2026/11/ab12….png`. */
export function publicFileUrl(storageKey: string): string {
  return `/files/${storageKey}`;
}
