import { z } from 'zod';
import { DAILY_VIDEO_CAP } from './constants.ts';

// The system settings object of the back-office (admin spec §3), with the defaults of §9.

export const generalSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(100).default('Reelsmith'),
  siteDescription: z.string().trim().max(500).default('AI talking-avatar videos from a script, in 30 seconds.'),
  contactEmail: z.string().trim().max(320).default(''),
  supportEmail: z.string().trim().max(320).default(''),
  maxProjectsPerUser: z.number().int().min(1).max(100_000).default(50),
  // The customer spec's daily cap (1000) wins over the admin spec's form default (10): a client that
  // omits the value, or a fresh install, must not cut every customer to 10 videos a day.
  maxVideosPerDay: z.number().int().min(1).max(100_000).default(DAILY_VIDEO_CAP),
});

export const emailSettingsSchema = z.object({
  smtpHost: z.string().trim().max(255).default(''),
  smtpPort: z.number().int().min(1).max(65535).default(587),
  smtpUser: z.string().trim().max(255).default(''),
  smtpPassword: z.string().max(1024).default(''),
  emailFrom: z.string().trim().max(320).default(''),
  emailEnabled: z.boolean().default(false),
});

export const securitySettingsSchema = z.object({
  requireEmailVerification: z.boolean().default(true),
  sessionTimeout: z.number().int().min(300).max(30 * 24 * 3600).default(7200),
  maxLoginAttempts: z.number().int().min(1).max(100).default(5),
  passwordMinLength: z.number().int().min(8).max(128).default(8),
  require2FA: z.boolean().default(false),
});

export const paymentSettingsSchema = z.object({
  stripeEnabled: z.boolean().default(true),
  stripePublishableKey: z.string().trim().max(255).default(''),
  stripeSecretKey: z.string().max(255).default(''),
  trialDays: z.number().int().min(0).max(365).default(7),
  defaultCurrency: z.string().trim().length(3).default('USD'),
});

export const featureSettingsSchema = z.object({
  maintenanceMode: z.boolean().default(false),
  registrationEnabled: z.boolean().default(true),
  projectSharingEnabled: z.boolean().default(true),
  analyticsEnabled: z.boolean().default(true),
});

export const systemSettingsSchema = z.object({
  general: generalSettingsSchema.prefault({}),
  email: emailSettingsSchema.prefault({}),
  security: securitySettingsSchema.prefault({}),
  payment: paymentSettingsSchema.prefault({}),
  features: featureSettingsSchema.prefault({}),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export type SettingsGroup = keyof SystemSettings;
export const settingsGroups = ['general', 'email', 'security', 'payment', 'features'] as const satisfies readonly SettingsGroup[];

export const defaultSystemSettings: SystemSettings = systemSettingsSchema.parse({});
