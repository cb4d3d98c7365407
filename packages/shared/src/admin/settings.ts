import { z } from 'zod';
import { systemSettingsSchema, type SystemSettings } from '../settings.ts';

// The System Settings screen's object (admin spec §3): returned with secrets masked, saved whole.

/** What a stored secret reads as; saving it back unchanged keeps the stored secret. */
export const SECRET_MASK = '••••••••';

/** The settings that hold secrets, as [group, field]. */
export const secretSettings = [
  ['email', 'smtpPassword'],
  ['payment', 'stripeSecretKey'],
] as const;

function cloneSettings(s: SystemSettings): SystemSettings {
  return { general: { ...s.general }, email: { ...s.email }, security: { ...s.security }, payment: { ...s.payment }, features: { ...s.features } };
}

/** Replaces each non-empty secret with the mask. */
export function maskSettings(settings: SystemSettings): SystemSettings {
  const copy = cloneSettings(settings);
  if (copy.email.smtpPassword) copy.email.smtpPassword = SECRET_MASK;
  if (copy.payment.stripeSecretKey) copy.payment.stripeSecretKey = SECRET_MASK;
  return copy;
}

/** The incoming object with masked secrets replaced by the stored ones. */
export function unmaskSettings(incoming: SystemSettings, stored: SystemSettings): SystemSettings {
  const copy = cloneSettings(incoming);
  if (copy.email.smtpPassword === SECRET_MASK) copy.email.smtpPassword = stored.email.smtpPassword;
  if (copy.payment.stripeSecretKey === SECRET_MASK) copy.payment.stripeSecretKey = stored.payment.stripeSecretKey;
  return copy;
}

/** The dotted names of the settings that differ, e.g. ['features.maintenanceMode']. */
export function changedSettingNames(before: SystemSettings, after: SystemSettings): string[] {
  const names: string[] = [];
  for (const group of Object.keys(after) as (keyof SystemSettings)[]) {
    const a = after[group] as Record<string, unknown>;
    const b = before[group] as Record<string, unknown>;
    for (const key of Object.keys(a)) if (a[key] !== b[key]) names.push(`${group}.${key}`);
  }
  return names;
}

const optionalEmail = (label: string) =>
  z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: `${label} must be a valid e-mail address.` });

/**
 * The whole object the screen sends. Every group is required (the screen holds them all);
 * e-mail fields must be e-mail addresses when filled.
 */
export const settingsSaveSchema = systemSettingsSchema.safeExtend({
  general: systemSettingsSchema.shape.general.unwrap().safeExtend({
    contactEmail: optionalEmail('Contact email'),
    supportEmail: optionalEmail('Support email'),
  }),
  email: systemSettingsSchema.shape.email.unwrap().safeExtend({
    emailFrom: z
      .string()
      .trim()
      .max(320)
      .refine((v) => v === '' || z.email().safeParse(v).success || /^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(v), {
        error: "Email from must be an e-mail address or 'Name <address>'.",
      }),
  }),
  security: systemSettingsSchema.shape.security.unwrap(),
  payment: systemSettingsSchema.shape.payment.unwrap(),
  features: systemSettingsSchema.shape.features.unwrap(),
});
export type SettingsSaveInput = z.input<typeof settingsSaveSchema>;

export const settingsSaveResultSchema = z.object({ settings: systemSettingsSchema, changed: z.array(z.string()) });
