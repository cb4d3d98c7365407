// The server of web/wizard-slow-provider.spec.ts: apps/server's own start with its talking videos made
// by a loopback fake of fal's queue API whose renders take minutes (`slowRenderMs`), behind a proxy that
// ends every request after 30 s, as a load balancer with that timeout would. The browser only reaches
// the proxy, so a step that held its request open until the render finished could not succeed.
// GET /__proxy/stats (answered by the proxy itself) tells how many requests it cut and the longest one.
import { createServer, request as forward } from 'node:http';
import { FakeFal } from '../../../packages/media/src/providers/fakes/index.ts';
import { startServer } from '../../server/src/start.ts';
import { host, proxyRequestLimitMs, slowProxyPort, slowRenderMs, slowServerPort } from './env.ts';

const fal = new FakeFal('e2e-fal-key');
fal.finishAfterMs = slowRenderMs;
const falUrl = await fal.start();
Object.assign(process.env, {
  VIDEO_PROVIDER: 'fal',
  FAL_KEY: 'e2e-fal-key',
  FAL_BASE_URL: falUrl,
  FAL_STORAGE_URL: falUrl,
  FAL_POLL_INTERVAL_MS: '2000',
  VIDEO_TIMEOUT_SECONDS: String(Math.ceil(slowRenderMs / 1000) + 300),
  OUTBOUND_ALLOW_HOSTS: new URL(falUrl).host,
});
await startServer();

const stats = { requests: 0, cut: 0, longestMs: 0, cutPaths: [] as string[] };
createServer((req, res) => {
  if (req.url === '/__proxy/stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    return;
  }
  stats.requests += 1;
  const started = Date.now();
  const upstream = forward({ host, port: slowServerPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
  const limit = setTimeout(() => {
    stats.cut += 1;
    stats.cutPaths.push((req.url ?? '').split('?')[0]!);
    upstream.destroy();
    res.destroy();
  }, proxyRequestLimitMs);
  res.on('close', () => {
    clearTimeout(limit);
    stats.longestMs = Math.max(stats.longestMs, Date.now() - started);
  });
}).listen(slowProxyPort, host);
