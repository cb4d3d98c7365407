// Runs every pending migration and exits; the server also migrates at start-up.
import { loadConfig } from '../config.ts';
import { buildRuntimeDeps } from '../deps.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const runtime = await buildRuntimeDeps(config, createLogger(process.env.LOG_LEVEL ?? 'info'), { work: false });
await runtime.close();
console.log(`Database is migrated (${runtime.database.kind}).`);
