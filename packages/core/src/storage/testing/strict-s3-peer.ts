// A small S3 stand-in on loopback that behaves the way AWS does where s3rver is lenient: without
// s3:ListBucket a HEAD on a missing key answers 403, DeleteObjects reports per-key errors in a 200
// answer, and some stores refuse a DeleteObjects without Content-MD5. Objects live in memory; every
// request is recorded. Answers are shaped from the S3 API reference (HeadObject, GetObject, PutObject,
// ListObjectsV2, DeleteObjects). Header signatures are not checked; presigned GETs (query-string
// Signature Version 4, as "Authenticating Requests: Using Query Parameters" describes it) are, with
// their expiry and their response-* header overrides.
import { createHash, createHmac } from 'node:crypto';
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
  /** The secret presigned URLs must be signed with (their access key id is checked too). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The peer's clock (to test expiry). */
  now?: () => Date;
}

/** RFC 3986 encoding as SigV4 wants it: unreserved characters only. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export class StrictS3Peer {
  readonly requests: PeerRequest[] = [];
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  /** Keys DeleteObjects refuses (AccessDenied in its Errors), `times` deliveries each. */
  readonly refuseDelete = new Map<string, number>();
  /** How many of the next PutObject requests answer 503 SlowDown (as S3 does under a high request rate), after reading the body. */
  slowDownPuts = 0;
  #server: Server | undefined;
  #options: Required<Omit<StrictS3PeerOptions, 'credentials'>> & Pick<StrictS3PeerOptions, 'credentials'>;
  url = '';

  constructor(options: StrictS3PeerOptions = {}) {
    this.#options = {
      missingHeadStatus: options.missingHeadStatus ?? 403,
      requireContentMd5: options.requireContentMd5 ?? true,
      credentials: options.credentials,
      now: options.now ?? (() => new Date()),
    };
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
      if (this.slowDownPuts > 0) {
        this.slowDownPuts -= 1;
        return this.#error(res, 503, 'SlowDown', 'Please reduce your request rate.');
      }
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
    if (method === 'GET' && url.searchParams.has('X-Amz-Signature')) {
      const refused = this.#presignRefusal(req, url);
      if (refused) return this.#error(res, 403, refused.code, refused.message);
    }
    if (method === 'GET') {
      // Without s3:ListBucket a GET on a missing key is AccessDenied too.
      if (!found) return this.#options.missingHeadStatus === 403 ? this.#error(res, 403, 'AccessDenied', 'Access Denied') : this.#error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), found.body.length - 1)];
        res.writeHead(206, { 'content-type': found.contentType, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${found.body.length}`, ...this.#overrides(url) });
        res.end(found.body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length, ...this.#overrides(url) });
      res.end(found.body);
      return;
    }
    return this.#error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  /** GetObject's response-* parameters, honoured only on signed requests (as S3 does). */
  #overrides(url: URL): Record<string, string> {
    if (!url.searchParams.has('X-Amz-Signature')) return {};
    const names = { 'response-content-type': 'content-type', 'response-content-disposition': 'content-disposition', 'response-cache-control': 'cache-control' } as const;
    const out: Record<string, string> = {};
    for (const [param, header] of Object.entries(names)) {
      const value = url.searchParams.get(param);
      if (value !== null) out[header] = value;
    }
    return out;
  }

  /** Checks a presigned URL's SigV4 query signature and expiry; null when it is good. */
  #presignRefusal(req: IncomingMessage, url: URL): { code: string; message: string } | null {
    const q = url.searchParams;
    const credentials = this.#options.credentials;
    if (!credentials) return { code: 'AccessDenied', message: 'Presigned URLs are not accepted by this peer (no credentials configured)' };
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"' };
    const [accessKeyId, date, region, service, terminator] = (q.get('X-Amz-Credential') ?? '').split('/');
    if (accessKeyId !== credentials.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
    const amzDate = q.get('X-Amz-Date') ?? '';
    const expires = Number(q.get('X-Amz-Expires'));
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!Number.isFinite(signedAt) || !(expires > 0) || expires > 604_800) return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Date or X-Amz-Expires is invalid' };
    if (this.#options.now().getTime() > signedAt + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
    const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
    const canonicalQuery = [...q.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
    const scope = `${date}/${region}/${service}/${terminator}`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date ?? ''), region ?? ''), service ?? ''), terminator ?? '');
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (expected !== q.get('X-Amz-Signature')) return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
    return null;
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
