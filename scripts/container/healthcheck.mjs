// The image's health check: GET a health path (default /healthz) on this container's own port; exit 0 when it answers 200.
// A worker serves nothing else, so it answers on WORKER_HEALTH_PORT; every other role on PORT.
const path = process.argv[2] ?? '/healthz';
const port = process.env.ROLE === 'worker' ? process.env.WORKER_HEALTH_PORT : process.env.PORT;
try {
  const res = await fetch(`http://127.0.0.1:${port || 3000}${path}`, { signal: AbortSignal.timeout(4000) });
  process.stdout.write(`${res.status} ${await res.text()}\n`);
  process.exit(res.status === 200 ? 0 : 1);
} catch (err) {
  process.stdout.write(`${path}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
