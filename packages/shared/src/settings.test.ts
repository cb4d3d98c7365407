import { describe, expect, it } from 'vitest';
import { defaultSystemSettings, systemSettingsSchema } from './settings.ts';

describe('system settings', () => {
  it('defaults to the values of the back-office specification, except the daily cap: the customer spec\'s 1000 wins over its 10', () => {
    expect(defaultSystemSettings.general).toMatchObject({ maxProjectsPerUser: 50, maxVideosPerDay: 1000 });
    expect(defaultSystemSettings.email).toMatchObject({ smtpPort: 587, emailEnabled: false });
    expect(defaultSystemSettings.security).toEqual({
      requireEmailVerification: true,
      sessionTimeout: 7200,
      maxLoginAttempts: 5,
      passwordMinLength: 8,
      require2FA: false,
    });
    expect(defaultSystemSettings.payment).toMatchObject({ stripeEnabled: true, trialDays: 7, defaultCurrency: 'USD' });
    expect(defaultSystemSettings.features).toEqual({
      maintenanceMode: false,
      registrationEnabled: true,
      projectSharingEnabled: true,
      analyticsEnabled: true,
    });
  });

  it('fills missing fields of a stored group and refuses bad values', () => {
    expect(systemSettingsSchema.parse({ security: { maxLoginAttempts: 3 } }).security.sessionTimeout).toBe(7200);
    expect(systemSettingsSchema.safeParse({ security: { maxLoginAttempts: 0 } }).success).toBe(false);
  });
});
