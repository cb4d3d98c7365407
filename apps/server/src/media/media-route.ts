import type { FastifyInstance } from 'fastify';
import { contentTypeFor, decideMediaAccess, isDirectReadType, isSafeKey, mediaDownloadDisposition, type AppDeps } from '@reelsmith/core';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';
import { errorBody } from '../plugins/error-handler.ts';
import { parseByteRange } from './byte-range.ts';

/**
 * GET /media/<key>: stored media with HTTP range requests (seeking works), only to those allowed:
 * the project's owner (session cookie or API key), admins (bearer token or a signed URL), and anyone for a shared project's
 * final video and poster. Voice previews are not personal and are open to all.
 */
export function registerMediaRoute(app: FastifyInstance, deps: AppDeps, mediaSecret: string): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    config: { rateLimit: false },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const notFound = () => reply.status(404).send(errorBody(404, 'Media not found'));
      if (!isSafeKey(key)) return notFound();
      const query = req.query as { exp?: string; sig?: string; download?: string };
      const download = query.download !== undefined;
      // Who may see what is decided in core (decideMediaAccess), the same for every entry that serves media.
      const access = await decideMediaAccess(deps, mediaSecret, {
        key,
        sessionToken: req.cookies[CUSTOMER_SESSION_COOKIE],
        bearerToken: /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1],
        exp: query.exp,
        sig: query.sig,
        download,
      });
      // Someone else's media reads exactly like missing media.
      if (access.state === 'hidden') return notFound();
      if (access.state === 'download-refused') return reply.status(403).send(errorBody(403, access.message, { reason: 'download' }));
      const publicShare = access.publicShare;
      // A download is saved under the project's title (core's rule), never the content hash the key holds.
      const disposition = download ? await mediaDownloadDisposition(deps.db, key) : undefined;
      // Video and audio from S3 go to the browser as a short-lived presigned URL once access is decided
      // here: the bytes flow from the bucket, and this process's storage sockets stay free.
      if (deps.storage.directReadUrl && isDirectReadType(contentTypeFor(key))) {
        const direct = await deps.storage.directReadUrl(key, { contentDisposition: disposition, publicCache: publicShare });
        if (direct) {
          // The URL stays valid well past a minute: the browser may reuse this answer that long.
          reply.header('cache-control', 'private, max-age=60');
          return reply.redirect(direct, 302);
        }
      }
      const stored = await deps.storage.stat(key);
      if (!stored) return notFound();
      const range = parseByteRange(req.headers.range, stored.size);
      reply.header('accept-ranges', 'bytes');
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${stored.size}`);
        return reply.status(416).send(errorBody(416, 'Requested range not satisfiable'));
      }
      reply.header('content-type', stored.contentType);
      // Keys are content addresses: what a key holds never changes.
      reply.header('cache-control', `${publicShare ? 'public' : 'private'}, max-age=31536000, immutable`);
      reply.header('content-security-policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox");
      // An attachment only when a download was asked for and allowed. Playback sends no header (inline
      // is the default): a filename here would override the name the page's download link gives.
      if (disposition) reply.header('content-disposition', disposition);
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`).header('content-length', range.end - range.start + 1);
        if (req.method === 'HEAD') return reply.send();
        return reply.send(await deps.storage.read(key, range));
      }
      reply.header('content-length', stored.size);
      if (req.method === 'HEAD') return reply.send();
      return reply.send(await deps.storage.read(key));
    },
  });
}
