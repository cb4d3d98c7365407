import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeFor, isSafeKey, READINESS_PROBE_KEY, type ByteRange, type DirectReadOptions, type MediaStorage, type StoredObject } from './media-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, …); path-style addressing is used with it. */
  endpoint?: string | undefined;
  /** Static keys; without them the SDK's default chain is used (environment, shared files, ECS/EKS/instance roles, web identity). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** With temporary static keys (STS). */
  sessionToken?: string | undefined;
  /** Key prefix inside the bucket. */
  prefix?: string | undefined;
  /** Sockets per storage host (the SDK's default, 50, stalls every storage call behind 50 streaming viewers). */
  maxSockets?: number | undefined;
  /**
   * Browsers read video and audio from the bucket with presigned URLs valid this long (S3_MEDIA_DELIVERY=presigned,
   * S3_PRESIGN_SECONDS); absent, every byte streams through the server.
   */
  presignSeconds?: number | undefined;
}

/** Presigned URLs are signed as of the start of their window, so one viewer's repeated requests get one URL (and the browser's cache). */
const signingWindowMs = 5 * 60_000;

/** Keys a bulk delete could not remove after its retries; the caller decides what to do with them. */
export class StorageDeleteError extends Error {
  readonly remaining: { key: string; code: string }[];
  constructor(remaining: { key: string; code: string }[]) {
    super(`${remaining.length} stored object(s) could not be deleted: ${remaining.slice(0, 5).map((r) => `${r.key} (${r.code})`).join(', ')}`);
    this.name = 'StorageDeleteError';
    this.remaining = remaining;
  }
}

const deleteAttempts = 3;

/** Files up to this size are uploaded from memory, so the SDK can send them again when S3 asks it to retry. */
const RETRYABLE_UPLOAD_BYTES = 64 * 1024 * 1024;

/** Media in any S3-compatible bucket. A PutObject is atomic: readers never see half an object. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #presignSeconds: number | undefined;

  constructor(options: S3StorageOptions) {
    this.#presignSeconds = options.presignSeconds;
    const maxSockets = options.maxSockets ?? 200;
    this.#client = new S3Client({
      region: options.region,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}) } }
        : {}),
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      requestHandler: { httpAgent: { keepAlive: true, maxSockets }, httpsAgent: { keepAlive: true, maxSockets } },
      // Checksums only where required: some S3-compatible stores keep aws-chunked framing otherwise.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // DeleteObjects must carry a checksum; the SDK sends CRC32, while MinIO, Backblaze B2 and others
    // insist on Content-MD5. Send both.
    this.#client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string>; body?: unknown };
        if (context.commandName === 'DeleteObjectsCommand' && request.headers && (typeof request.body === 'string' || Buffer.isBuffer(request.body))) {
          request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
        }
        return next(args);
      },
      { step: 'build', name: 'reelsmithContentMd5', priority: 'low' },
    );
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ? options.prefix.replace(/\/?$/, '/') : '';
  }

  #key(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return this.#prefix + key;
  }

  async put(key: string, source: { file: string } | { buffer: Buffer }, contentType: string): Promise<void> {
    const length = 'file' in source ? (await stat(source.file)).size : source.buffer.length;
    // The SDK retries a throttled or failed upload (503 SlowDown, 500) only when it can send the body
    // again: a buffer, not a stream it has read (aws-sdk-js-v3 #5479, #6770). Our files (voices, clips,
    // reels, pictures) are a few MB: read whole. Only a file over the limit goes as a stream, once.
    const body = 'buffer' in source ? source.buffer : length <= RETRYABLE_UPLOAD_BYTES ? await readFile(source.file) : createReadStream(source.file);
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), Body: body, ContentType: contentType, ContentLength: length }));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      // Without s3:ListBucket (the usual least-privilege policy) AWS answers a HEAD on a missing key
      // with 403, not 404: it is missing. Wrong keys show on the PUT or GET that follows.
      if (status === 404 || status === 403 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  /**
   * A HEAD cannot tell a missing key from a missing bucket (both 404, or 403 without s3:ListBucket), so
   * readiness GETs a key that is never written: NoSuchKey, or AccessDenied without s3:ListBucket, means
   * the bucket answers with our credentials; NoSuchBucket, InvalidAccessKeyId, SignatureDoesNotMatch and
   * network errors mean it does not.
   */
  async ready(): Promise<void> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(READINESS_PROBE_KEY), Range: 'bytes=0-0' }));
      (object.Body as Readable | undefined)?.destroy();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'NoSuchKey' || name === 'AccessDenied') return;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.#client.send(
      new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return object.Body as Readable;
  }

  async directReadUrl(key: string, options: DirectReadOptions): Promise<string | null> {
    if (!this.#presignSeconds) return null;
    const now = Date.now();
    const signingDate = new Date(now - (now % signingWindowMs));
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: this.#key(key),
      ResponseContentType: contentTypeFor(key),
      ResponseCacheControl: `${options.publicCache ? 'public' : 'private'}, max-age=${this.#presignSeconds}`,
      ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition.replace(/[\r\n]/g, ' ') } : {}),
    });
    // Valid for at least presignSeconds from now, whichever moment of the window it was asked in.
    return getSignedUrl(this.#client, command, { expiresIn: this.#presignSeconds + signingWindowMs / 1000, signingDate });
  }

  async download(key: string, file: string): Promise<void> {
    await mkdir(dirname(file), { recursive: true });
    const stream = await this.read(key);
    await pipeline(stream, createWriteStream(file));
  }

  async deletePrefix(prefix: string): Promise<number> {
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await this.#client.send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: this.#key(prefix.replace(/\/$/, '')) + '/', ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => o.Key!);
      if (keys.length) deleted += await this.#deleteKeys(keys);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  /** Deletes keys, retrying those a DeleteObjects answer lists under Errors; throws with what remains. */
  async #deleteKeys(keys: string[]): Promise<number> {
    let pending = keys;
    let failures: { key: string; code: string }[] = [];
    for (let attempt = 1; attempt <= deleteAttempts && pending.length > 0; attempt += 1) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 2)));
      const answer = await this.#client.send(new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: pending.map((Key) => ({ Key })), Quiet: true } }));
      failures = (answer.Errors ?? []).map((e) => ({ key: e.Key ?? '?', code: e.Code ?? 'Unknown' }));
      pending = failures.map((f) => f.key);
    }
    if (failures.length > 0) throw new StorageDeleteError(failures);
    return keys.length;
  }
}
