import { describe, expect, it } from 'vitest';
import { defaultSystemSettings } from '../settings.ts';
import { changedSettingNames, maskSettings, SECRET_MASK, settingsSaveSchema, unmaskSettings } from './settings.ts';

const stored = {
  ...defaultSystemSettings,
  email: { ...defaultSystemSettings.email, smtpPassword: 'smtp-secret' },
  payment: { ...defaultSystemSettings.payment, stripeSecretKey: 'sk_test_secret' },
};

describe('settings secrets', () => {
  it('masks stored secrets and leaves empty ones empty', () => {
    const masked = maskSettings(stored);
    expect(masked.email.smtpPassword).toBe(SECRET_MASK);
    expect(masked.payment.stripeSecretKey).toBe(SECRET_MASK);
    expect(maskSettings(defaultSystemSettings).email.smtpPassword).toBe('');
    expect(stored.email.smtpPassword).toBe('smtp-secret');
  });

  it('keeps the stored secret when the mask comes back, and takes a new or cleared one', () => {
    expect(unmaskSettings(maskSettings(stored), stored)).toEqual(stored);
    const changed = unmaskSettings({ ...stored, email: { ...stored.email, smtpPassword: 'new' }, payment: { ...stored.payment, stripeSecretKey: '' } }, stored);
    expect(changed.email.smtpPassword).toBe('new');
    expect(changed.payment.stripeSecretKey).toBe('');
  });

  it('names the changed settings', () => {
    const after = { ...stored, features: { ...stored.features, maintenanceMode: true }, email: { ...stored.email, smtpPassword: 'x' } };
    expect(changedSettingNames(stored, after)).toEqual(['email.smtpPassword', 'features.maintenanceMode']);
  });
});

describe('settingsSaveSchema', () => {
  it('accepts the defaults and refuses bad values with readable paths', () => {
    expect(settingsSaveSchema.safeParse(defaultSystemSettings).success).toBe(true);
    const bad = settingsSaveSchema.safeParse({ ...defaultSystemSettings, general: { ...defaultSystemSettings.general, supportEmail: 'nope' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['general', 'supportEmail'], message: 'Support email must be a valid e-mail address.' });
    expect(settingsSaveSchema.safeParse({ ...defaultSystemSettings, email: { ...defaultSystemSettings.email, emailFrom: 'Reelsmith <hello@example.com>' } }).success).toBe(true);
    expect(settingsSaveSchema.safeParse({ ...defaultSystemSettings, security: { ...defaultSystemSettings.security, passwordMinLength: 4 } }).success).toBe(false);
  });
});
