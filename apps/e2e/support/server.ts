// The e2e suite's server process: apps/server's own start (config from the environment, migrations,
// reference data, the app, graceful shutdown), plus the fixture state of fixtures.ts, written before
// the server listens so it is there before any spec runs. Specs set state on the server, never by
// rewriting its answers in the browser.
import { startServer } from '../../server/src/start.ts';
import { writeFixtures } from './server-fixtures.ts';

startServer({ prepare: writeFixtures }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
