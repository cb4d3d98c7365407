// s3rver as a compose service: an S3-compatible store for trying Reelsmith out (not for production).
// Objects live under DATA (default /data); the bucket S3_BUCKET (default reelsmith) is made at start.
// Credentials are s3rver's fixed S3RVER / S3RVER. Path-style only: a host name such as `s3` is never
// taken for a bucket (vhostBuckets: false). `node s3-store.mjs --check` is its health check.
import { createRequire } from 'node:module';

const port = Number(process.env.S3_PORT ?? 4569);
if (process.argv.includes('--check')) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(4000) });
    process.exit(res.status < 500 ? 0 : 1);
  } catch {
    process.exit(1);
  }
}
// s3rver is a development dependency of packages/core: resolved from there.
const require = createRequire(new URL('../../packages/core/package.json', import.meta.url));
const S3rver = require('s3rver');
const bucket = process.env.S3_BUCKET ?? 'reelsmith';
const store = new S3rver({ address: '0.0.0.0', port, silent: true, vhostBuckets: false, directory: process.env.DATA ?? '/data', configureBuckets: [{ name: bucket, configs: [] }] });
await store.run();
console.log(`s3rver listening on :${port}, bucket ${bucket}`);
const stop = () => void store.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
