import { featureSettingsSchema } from '@reelsmith/shared';
import { findSystemSetting, type Executor } from '@reelsmith/db';

export const maintenanceMessage = 'Reelsmith is down for maintenance. Please try again later.';

export interface PlatformStatus {
  maintenanceMode: boolean;
  registrationEnabled: boolean;
  projectSharingEnabled: boolean;
}

/** The feature switches only (one small read, made on every customer call for maintenance mode). */
export async function readPlatformStatus(db: Executor): Promise<PlatformStatus> {
  const parsed = featureSettingsSchema.safeParse((await findSystemSetting(db, 'features')) ?? {});
  const features = parsed.success ? parsed.data : featureSettingsSchema.parse({});
  return { maintenanceMode: features.maintenanceMode, registrationEnabled: features.registrationEnabled, projectSharingEnabled: features.projectSharingEnabled };
}
