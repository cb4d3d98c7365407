// A small S3 stand-in on loopback that behaves the way AWS does where s3rver is lenient: without
// s3:ListBucket a HEAD on a missing key answers 403, DeleteObjects reports per-key errors in a 200
// answer, and some stores refuse a DeleteObjects without Content-MD5. Objects live in memory; every
// request is recorded. Answers are shaped from the S3 API reference (HeadObject, GetObject, PutObject,
// ListObjectsV2, DeleteObjects). Signatures are not checked.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface StrictS3PeerOptions {
  /** 403 as AWS answers a caller without s3:ListBucket, or 404 as with it. */
  missingHeadStatus?: 403 | 404;
  /** DeleteObjects answers 400 without a correct Content-MD5 (as MinIO, B2 and others require). */
  requireContentMd5?: boolean;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export class StrictS3Peer {
  readonly requests: PeerRequest[] = [];
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  /** Keys DeleteObjects refuses (AccessDenied in its Errors), `times` deliveries each. */
  readonly refuseDelete = new Map<string, number>();
  #server: Server | undefined;
  #options: Required<StrictS3PeerOptions>;
  url = '';

  constructor(options: StrictS3PeerOptions = {}) {
    this.#options = { missingHeadStatus: options.missingHeadStatus ?? 403, requireContentMd5: options.requireContentMd5 ?? true };
  }

  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.#answer(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  #error(res: ServerResponse, status: number, code: string, message: string, head = false): void {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(head ? undefined : xml(`<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>peer</RequestId></Error>`));
  }

  #answer(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://peer');
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, query: url.searchParams, headers: req.headers });
    // Path-style: /<bucket>/<key>
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!bucket) return this.#error(res, 400, 'InvalidRequest', 'No bucket');
    if (method === 'POST' && url.searchParams.has('delete')) return this.#deleteObjects(req, body, res);
    if (method === 'GET' && !key && url.searchParams.get('list-type') === '2') return this.#list(url.searchParams, res);
    if (method === 'PUT' && key) {
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      res.end();
      return;
    }
    const found = this.objects.get(key);
    if (method === 'HEAD') {
      if (!found) return this.#error(res, this.#options.missingHeadStatus, this.#options.missingHeadStatus === 403 ? 'AccessDenied' : 'NotFound', '', true);
      res.writeHead(200, { 'content-length': found.body.length, 'content-type': found.contentType, 'accept-ranges': 'bytes' });
      res.end();
      return;
    }
    if (method === 'GET') {
      // Without s3:ListBucket a GET on a missing key is AccessDenied too.
      if (!found) return this.#options.missingHeadStatus === 403 ? this.#error(res, 403, 'AccessDenied', 'Access Denied') : this.#error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), found.body.length - 1)];
        res.writeHead(206, { 'content-type': found.contentType, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${found.body.length}` });
        res.end(found.body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
      res.end(found.body);
      return;
    }
    return this.#error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  #list(params: URLSearchParams, res: ServerResponse): void {
    const prefix = params.get('prefix') ?? '';
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const contents = keys.map((k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${this.objects.get(k)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`).join('');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(xml(`<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>media</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`));
  }

  #deleteObjects(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    if (this.#options.requireContentMd5) {
      const md5 = req.headers['content-md5'];
      if (!md5) return this.#error(res, 400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
      if (md5 !== createHash('md5').update(body).digest('base64')) return this.#error(res, 400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    }
    const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
    const deleted: string[] = [];
    const errors: string[] = [];
    for (const key of keys) {
      const refusals = this.refuseDelete.get(key) ?? 0;
      if (refusals > 0) {
        this.refuseDelete.set(key, refusals - 1);
        errors.push(`<Error><Key>${escapeXml(key)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`);
        continue;
      }
      this.objects.delete(key);
      deleted.push(`<Deleted><Key>${escapeXml(key)}</Key></Deleted>`);
    }
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(xml(`<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted.join('')}${errors.join('')}</DeleteResult>`));
  }
}
