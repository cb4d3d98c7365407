// Migrates the database and seeds demo data: plans, the main admin and a demo customer.
import { loadConfig } from '../config.ts';
import { buildRuntimeDeps } from '../deps.ts';
import { createLogger } from '../logger.ts';
import { prepareStartupData } from '../startup-data.ts';

const config = loadConfig();
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
const runtime = await buildRuntimeDeps(config, logger, { work: false });
try {
  const data = await prepareStartupData(config, runtime.core, { demo: true });
  console.log(`Seeded plans, main admin ${data.adminEmail} and demo customer ${data.demoCustomerEmail} (${runtime.database.kind}).`);
} finally {
  await runtime.close();
}
