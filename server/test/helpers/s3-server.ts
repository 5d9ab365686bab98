/**
 * A real S3 protocol server for the tests (decisions.md#media §1): s3rver from npm, in this process, on a
 * free port of 127.0.0.1, with a fresh bucket in a temporary folder and a CORS rule that lets a
 * browser PUT and GET from any origin (the e2e run's console and practice app).
 *
 * s3rver 3.7 answers the object calls the server makes (PUT, presigned PUT and GET, HEAD, ranged
 * GET, DELETE, CopyObject, multipart create/upload/complete) but not three multipart calls that
 * the tus S3 store needs to resume and clean up: ListParts, AbortMultipartUpload and
 * ListMultipartUploads. `multipartShim` answers those from s3rver's own folder of upload parts.
 *
 * `startS3Server()` answers the endpoint, bucket, region, the environment that points the server
 * at it (`STORAGE_DRIVER=s3`, `S3_*`, `AWS_*` credentials: s3rver's fixed `S3RVER` pair),
 * `listKeys()` (every object key of the bucket, sorted), `refuse(rule)` (the store answers the
 * calls `rule` picks with 403 AccessDenied, as a store that refuses them would) and `close()`
 * (stops it, removes the folder; a second call does nothing).
 *
 * s3rver checks no signature: a presigned PUT's signed Content-Length is not enforced here (AWS
 * S3 and MinIO refuse another length with 403 SignatureDoesNotMatch).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/** The folder of one bucket's multipart uploads inside s3rver's directory (its store's layout). */
const uploadsFolder = (directory: string, bucket: string) =>
  path.join(directory, bucket, '._S3rver_uploads');

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** ListParts, AbortMultipartUpload and ListMultipartUploads over s3rver's upload folders. */
function multipartShim(directory: string) {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const [, bucket = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = typeof ctx.query['uploadId'] === 'string' ? ctx.query['uploadId'] : undefined;
    const folder = uploadsFolder(directory, bucket);
    if (ctx.method === 'GET' && key && uploadId) {
      const dir = path.join(folder, uploadId);
      const names = await readdir(dir).catch(() => null);
      if (!names) return noSuchUpload(ctx);
      const parts = await Promise.all(
        names
          .filter((n) => /^\d+$/.test(n))
          .map(Number)
          .sort((a, b) => a - b)
          .map(async (n) => {
            const [s, md5] = await Promise.all([
              stat(path.join(dir, String(n))),
              readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => ''),
            ]);
            return `<Part><PartNumber>${n}</PartNumber><LastModified>${s.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${s.size}</Size></Part>`;
          }),
      );
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      await rm(path.join(folder, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      const ids = await readdir(folder).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const k = await readFile(path.join(folder, id, 'key'), 'utf8').catch(() => null);
          const s = await stat(path.join(folder, id)).catch(() => null);
          return k && s
            ? `<Upload><Key>${xmlEscape(k)}</Key><UploadId>${xmlEscape(id)}</UploadId><Initiated>${s.birthtime.toISOString()}</Initiated></Upload>`
            : '';
        }),
      );
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${xmlEscape(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    await next();
  };
}

/** One request to the store as `refuse` rules see it. */
export interface StoreCall {
  method: string;
  /** The object key (empty for a call on the bucket). */
  key: string;
  query: Record<string, string | string[] | undefined>;
}

/** Answers 403 AccessDenied to the calls the current rule picks (`TestS3Server.refuse`). */
function refusalShim(rule: () => ((call: StoreCall) => boolean) | null) {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const [, , ...rest] = ctx.path.split('/');
    const picks = rule();
    if (
      picks?.({ method: ctx.method, key: decodeURIComponent(rest.join('/')), query: ctx.query })
    ) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
      return;
    }
    await next();
  };
}

function noSuchUpload(ctx: KoaContext): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
}

/** The CORS rule of the test bucket: any origin may PUT, GET and HEAD (the browser's uploads and reads). */
const corsRule = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export interface TestS3Server {
  /** e.g. `http://127.0.0.1:40123` (path-style addressing). */
  endpoint: string;
  bucket: string;
  region: string;
  /** STORAGE_DRIVER=s3, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the AWS_* credentials. */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted (multipart parts in progress are not objects). */
  listKeys(): Promise<string[]>;
  /**
   * From now on the store refuses (403 AccessDenied) every call `rule` picks, e.g. CreateMultipartUpload:
   * `({ method, query }) => method === 'POST' && 'uploads' in query`; `null` ends the refusals.
   */
  refuse(rule: ((call: StoreCall) => boolean) | null): void;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** s3rver's fixed credentials. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

// The AWS_* variables as they were before the first running server set them, and how many servers
// run: the last to close puts them back, so a test file leaves the environment as it found it
// (the server project shares one process between files, test/file-setup.ts).
let running = 0;
let credentialsBefore: Record<string, string | undefined> = {};

function setCredentials(): void {
  if (running++ === 0)
    credentialsBefore = {
      AWS_ACCESS_KEY_ID: process.env['AWS_ACCESS_KEY_ID'],
      AWS_SECRET_ACCESS_KEY: process.env['AWS_SECRET_ACCESS_KEY'],
    };
  process.env['AWS_ACCESS_KEY_ID'] = accessKeyId;
  process.env['AWS_SECRET_ACCESS_KEY'] = secretAccessKey;
}

function releaseCredentials(): void {
  if (--running > 0) return;
  for (const [name, value] of Object.entries(credentialsBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/**
 * Starts s3rver on `port` (default: a free one) with a fresh bucket (`bucket`, default
 * `practica-test`). Also sets the AWS_* credentials in `process.env` (the SDK's default chain
 * reads them; s3rver's pair is not a secret), so an app built in this process with `env` reaches
 * it; `close()` of the last running server puts them back as they were.
 */
export async function startS3Server({
  bucket = 'practica-test',
  port = 0,
}: { bucket?: string; port?: number } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'practica-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [corsRule] }],
  });
  let rule: ((call: StoreCall) => boolean) | null = null;
  (server.middleware as unknown[]).unshift(multipartShim(directory));
  (server.middleware as unknown[]).unshift(refusalShim(() => rule));
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const region = 'us-east-1';
  setCredentials();
  let closed = false;
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  return {
    endpoint,
    bucket,
    region,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    refuse(next) {
      rule = next;
    },
    async close() {
      if (closed) return;
      closed = true;
      releaseCredentials();
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
