/**
 * S3-compatible storage driver (decisions.md#media §1; operations.md 'Production storage'): AWS S3, MinIO,
 * Cloudflare R2, Ceph RGW, … through the AWS SDK v3. Objects live in one bucket under the
 * server-made keys (`yyyy/mm/<32 hex>.<ext>`); credentials come from the SDK's default chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance or task role).
 *
 * Besides the `StorageDriver` calls (streamed both ways: multipart `Upload` for `put`, ranged
 * GetObject for reads), the driver hands out presigned URLs so browsers send and read bytes
 * straight to and from the bucket (`presignPut`, `presignGet`), copies an object inside the
 * bucket (`copy`, CopyObject: the checked copy of a direct upload), and `check()` proves at start
 * that the bucket is reachable. Any failure of the store (unreachable, or answering an error other
 * than a missing key) is thrown as StorageUnavailableError naming the bucket and the operation.
 */
import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  StorageConflictError,
  StorageKeyError,
  StorageLimitError,
  StorageUnavailableError,
  type ByteRange,
  type StorageDriver,
} from './driver.js';
import { isStorageKey } from './keys.js';

/** Where the driver stores: the bucket and how to reach it (config.ts `storage`). */
export interface S3StorageSettings {
  bucket: string;
  /** Unset: AWS's own endpoint for `region`. */
  endpoint?: string | undefined;
  region: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`): MinIO, s3rver, most self-hosted stores. */
  forcePathStyle: boolean;
}

/**
 * The SDK client options for `settings`, shared with the tus S3 store (me/uploads-routes.ts).
 * Checksums only where an operation requires them: several S3-compatible stores do not accept
 * the SDK's default streaming (aws-chunked) checksums.
 */
export function s3ClientConfig(settings: S3StorageSettings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** True when the SDK error says the object (or bucket) does not exist. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.$metadata.httpStatusCode === 404 ||
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound'
  );
}

/** One multipart part: 5 MiB, S3's smallest; at most two in memory per upload. */
const partSize = 5 * 1024 * 1024;

/**
 * The object key of a tus upload in the bucket (me/partial-uploads.ts, @tus/s3-store): its upload
 * id, 32 hex digits (@tus/server's default naming), beside its `.info` and `.part`.
 */
const partialUploadKey = /^[0-9a-f]{32}$/;

export class S3Storage implements StorageDriver {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(readonly settings: S3StorageSettings) {
    this.client = new S3Client(s3ClientConfig(settings));
    this.bucket = settings.bucket;
  }

  /** Where the bucket is, for messages: `s3://<bucket> at <endpoint>`. */
  get location(): string {
    return `s3://${this.bucket} at ${this.settings.endpoint ?? `AWS ${this.settings.region}`}`;
  }

  /** The store's failure `error` of `operation` as StorageUnavailableError (one already is stays). */
  private unavailable(operation: string, error: unknown): StorageUnavailableError {
    if (error instanceof StorageUnavailableError) return error;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new StorageUnavailableError(`${operation} on ${this.location} failed: ${reason}`, {
      cause: error,
    });
  }

  private keyOf(key: string): string {
    if (!isStorageKey(key)) throw new StorageKeyError(key);
    return key;
  }

  /**
   * Reaches the bucket (HeadBucket). Throws StorageUnavailableError naming the bucket and
   * endpoint and the store's reason (missing bucket, refused credentials, unreachable host).
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status =
        error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason =
        status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied (check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the role)'
            : error instanceof Error
              ? `${error.name}: ${error.message}`
              : String(error);
      throw new StorageUnavailableError(
        `Object storage ${this.location} is not usable: ${reason}. ` +
          'Check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the credentials.',
        { cause: error },
      );
    }
  }

  /**
   * Streams `stream` into the object `key` (multipart past 5 MiB, two parts in memory at most),
   * counting bytes: past `maxBytes` the upload is aborted (StorageLimitError) and nothing is
   * stored. StorageConflictError when `key` already holds an object. Resolves `{size}` in bytes.
   */
  async put(key: string, stream: Readable, maxBytes: number): Promise<{ size: number }> {
    const Key = this.keyOf(key);
    if ((await this.stat(Key)) !== null) {
      stream.destroy();
      throw new StorageConflictError(key);
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(new StorageLimitError(maxBytes));
        else callback(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: stream.pipe(counter) },
      partSize,
      queueSize: 1,
    });
    // The source's own failure (or the limit) is thrown as it is; any other is the store's.
    let failure: unknown;
    const fail = (error: unknown) => {
      failure ??= error;
      upload.abort().catch(() => undefined);
    };
    stream.on('error', fail);
    counter.on('error', fail);
    try {
      await upload.done();
    } catch (error) {
      stream.destroy();
      throw failure ?? this.unavailable('PutObject', error);
    }
    if (failure) {
      await this.delete(Key);
      throw failure;
    }
    return { size };
  }

  createReadStream(key: string, range: ByteRange = {}): Readable {
    const out = new PassThrough();
    const Key = this.keyOf(key);
    const Range =
      range.start !== undefined || range.end !== undefined
        ? `bytes=${range.start ?? 0}-${range.end ?? ''}`
        : undefined;
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key, Range }))
      .then((answer) => {
        const body = answer.Body as Readable;
        body.on('error', (error) => out.destroy(error));
        out.on('close', () => body.destroy());
        body.pipe(out);
      })
      .catch((error: unknown) =>
        out.destroy(isNotFound(error) ? (error as Error) : this.unavailable('GetObject', error)),
      );
    return out;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const Key = this.keyOf(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw this.unavailable('HeadObject', error);
    }
  }

  /**
   * CopyObject of `fromKey` to `toKey` within the bucket (replacing `toKey`); false when `fromKey`
   * holds nothing. `fromKey` is a storage key or a finished tus upload's object (its upload id,
   * `partialUploadKey`). One call copies up to 5 GB, far above any upload's limit.
   */
  async copy(fromKey: string, toKey: string): Promise<boolean> {
    const source = isStorageKey(fromKey) || partialUploadKey.test(fromKey) ? fromKey : null;
    if (source === null) throw new StorageKeyError(fromKey);
    const CopySource = `${this.bucket}/${source}`;
    const Key = this.keyOf(toKey);
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key, CopySource }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw this.unavailable('CopyObject', error);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.keyOf(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw this.unavailable('DeleteObject', error);
    }
  }

  /**
   * A presigned PUT of `key` valid `expiresSeconds`: the browser sends the bytes straight to the
   * bucket. With `contentLength` (bytes) the length is signed, so the store refuses any other
   * (AWS S3 and MinIO answer 403 SignatureDoesNotMatch); the content type is not signed (any
   * Content-Type is accepted, as by our own PUT). The URL may be used again until it expires: the
   * server never serves or processes its key's bytes, only the checked copy (`copy`).
   */
  async presignPut(
    key: string,
    options: { expiresSeconds: number; contentLength?: number | undefined },
  ): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      ...(options.contentLength ? { ContentLength: options.contentLength } : {}),
    });
    return this.signed('presigned PUT', () =>
      getSignedUrl(this.client, command, { expiresIn: options.expiresSeconds }),
    );
  }

  /** The URL `sign` answers; its failure (e.g. no credentials to sign with) is the store's. */
  private async signed(operation: string, sign: () => Promise<string>): Promise<string> {
    try {
      return await sign();
    } catch (error) {
      throw this.unavailable(operation, error);
    }
  }

  /**
   * A presigned GET (or HEAD, `method`) of `key` valid `expiresSeconds` (at least 1) whose answer
   * carries `contentType` and `contentDisposition`; Range requests are the store's.
   */
  async presignGet(
    key: string,
    options: {
      expiresSeconds: number;
      contentType: string;
      contentDisposition: string;
      method?: 'GET' | 'HEAD';
    },
  ): Promise<string> {
    const input = {
      Bucket: this.bucket,
      Key: this.keyOf(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    };
    const command =
      options.method === 'HEAD' ? new HeadObjectCommand(input) : new GetObjectCommand(input);
    const expiresIn = Math.max(1, Math.floor(options.expiresSeconds));
    return this.signed('presigned GET', () => getSignedUrl(this.client, command, { expiresIn }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
