// The benchmark's S3-compatible store in its own process: s3rver on loopback, objects on disk, bucket
// "media". Reports its port over IPC and runs until killed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

const store = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'bench-s3-')), configureBuckets: [{ name: 'media', configs: [] }] });
const { port } = await store.run();
process.send?.({ type: 'store', port });
process.on('disconnect', () => void store.close().then(() => process.exit(0)));
