import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
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
import { isSafeKey, type ByteRange, type MediaStorage, type StoredObject } from './media-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, …); path-style addressing is used with it. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket. */
  prefix?: string | undefined;
}

/** Media in any S3-compatible bucket. A PutObject is atomic: readers never see half an object. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3StorageOptions) {
    this.#client = new S3Client({
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      // Checksums only where required: some S3-compatible stores keep aws-chunked framing otherwise.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ? options.prefix.replace(/\/?$/, '/') : '';
  }

  #key(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return this.#prefix + key;
  }

  async put(key: string, source: { file: string } | { buffer: Buffer }, contentType: string): Promise<void> {
    const body = 'file' in source ? createReadStream(source.file) : source.buffer;
    const length = 'file' in source ? (await stat(source.file)).size : source.buffer.length;
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), Body: body, ContentType: contentType, ContentLength: length }));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.#client.send(
      new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return object.Body as Readable;
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
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length) {
        await this.#client.send(new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: keys } }));
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }
}
