import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureMainAdmin, seedDemoCustomer, seedEmailTemplates, seedPlans, seedSystemSettings, type CoreDeps } from '@reelsmith/core';
import type { Config } from './config.ts';

export interface StartupData {
  adminEmail: string;
  /** The generated main-admin password of the embedded default, while its file exists. */
  adminPassword: string | undefined;
  demoCustomerEmail?: string;
}

const passwordFile = (config: Config) => join(config.dataDir, 'initial-admin-password.txt');

/**
 * Reference data every start needs (plans, the main admin). A generated admin password is kept in
 * DATA_DIR (mode 600) so the start script can show it again; delete the file once you've changed it.
 */
export async function prepareStartupData(config: Config, core: CoreDeps, options: { demo: boolean }): Promise<StartupData> {
  await seedPlans(core);
  await seedSystemSettings(core);
  await seedEmailTemplates(core);
  const admin = await ensureMainAdmin(core, config.admin);
  let adminPassword: string | undefined;
  if (admin.generatedPassword) {
    await writeFile(passwordFile(config), `${admin.generatedPassword}\n`, { mode: 0o600 });
    await chmod(passwordFile(config), 0o600);
    adminPassword = admin.generatedPassword;
  } else if (!config.admin.password) {
    adminPassword = await readFile(passwordFile(config), 'utf8').then((s) => s.trim(), () => undefined);
  }
  const result: StartupData = { adminEmail: admin.email, adminPassword };
  if (options.demo) result.demoCustomerEmail = (await seedDemoCustomer(core)).email;
  return result;
}
