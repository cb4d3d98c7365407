import { Alert, NumberInput, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DAILY_VIDEO_CAP, type SystemSettings } from '@reelsmith/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The settings groups of spec §3 the spec gives no tab (docs/decisions.md: a "Platform" tab beside Admins).

type Update = <G extends keyof SystemSettings, K extends keyof SystemSettings[G]>(group: G, key: K, value: SystemSettings[G][K]) => void;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const num = (v: number | string, fallback: number) => (typeof v === 'number' ? v : Number(v) || fallback);

export function PlatformTab({ settings, update, readOnly }: { settings: SystemSettings; update: Update; readOnly: boolean }) {
  const { general, email, security, payment, features } = settings;
  return (
    <Stack gap="md">
      {readOnly ? (
        <Alert color="gray" variant="light">
          Your role can read these settings but not change them.
        </Alert>
      ) : null}
      <Section title="Features">
        <Stack gap="sm">
          <Switch
            label="Maintenance mode"
            description="Customers see a maintenance page and cannot work; admins and shared videos keep working."
            checked={features.maintenanceMode}
            disabled={readOnly}
            onChange={(e) => update('features', 'maintenanceMode', e.currentTarget.checked)}
          />
          {features.maintenanceMode ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
              While maintenance mode is on (once saved), customers see a maintenance page and cannot use the app.
            </Alert>
          ) : null}
          <Switch label="Registration enabled" description="New customers may sign up." checked={features.registrationEnabled} disabled={readOnly} onChange={(e) => update('features', 'registrationEnabled', e.currentTarget.checked)} />
          <Switch label="Project sharing enabled" description="Customers may share finished videos by link." checked={features.projectSharingEnabled} disabled={readOnly} onChange={(e) => update('features', 'projectSharingEnabled', e.currentTarget.checked)} />
          <Switch label="Analytics enabled" checked={features.analyticsEnabled} disabled={readOnly} onChange={(e) => update('features', 'analyticsEnabled', e.currentTarget.checked)} />
        </Stack>
      </Section>
      <Section title="General">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Site name" value={general.siteName} readOnly={readOnly} onChange={(e) => update('general', 'siteName', e.currentTarget.value)} />
          <TextInput label="Contact email" type="email" value={general.contactEmail} readOnly={readOnly} onChange={(e) => update('general', 'contactEmail', e.currentTarget.value)} />
          <Textarea label="Site description" value={general.siteDescription} readOnly={readOnly} autosize minRows={2} onChange={(e) => update('general', 'siteDescription', e.currentTarget.value)} />
          <TextInput label="Support email" type="email" value={general.supportEmail} readOnly={readOnly} onChange={(e) => update('general', 'supportEmail', e.currentTarget.value)} />
          <NumberInput label="Max projects per user" min={1} allowDecimal={false} value={general.maxProjectsPerUser} readOnly={readOnly} onChange={(v) => update('general', 'maxProjectsPerUser', num(v, 50))} />
          <NumberInput label="Max videos per day" min={1} allowDecimal={false} value={general.maxVideosPerDay} readOnly={readOnly} onChange={(v) => update('general', 'maxVideosPerDay', num(v, DAILY_VIDEO_CAP))} />
        </SimpleGrid>
      </Section>
      <Section title="Security">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput label="Admin session timeout (seconds)" min={300} allowDecimal={false} value={security.sessionTimeout} readOnly={readOnly} onChange={(v) => update('security', 'sessionTimeout', num(v, 7200))} />
          <NumberInput label="Max login attempts" min={1} allowDecimal={false} value={security.maxLoginAttempts} readOnly={readOnly} onChange={(v) => update('security', 'maxLoginAttempts', num(v, 5))} />
          <NumberInput label="Admin password min length" min={8} allowDecimal={false} value={security.passwordMinLength} readOnly={readOnly} onChange={(v) => update('security', 'passwordMinLength', num(v, 8))} />
        </SimpleGrid>
        <Stack gap="xs" mt="sm">
          <Switch label="Require e-mail verification" checked={security.requireEmailVerification} disabled={readOnly} onChange={(e) => update('security', 'requireEmailVerification', e.currentTarget.checked)} />
          <Switch label="Require two-factor authentication" checked={security.require2FA} disabled={readOnly} onChange={(e) => update('security', 'require2FA', e.currentTarget.checked)} />
        </Stack>
      </Section>
      <Section title="Email">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="SMTP host" value={email.smtpHost} readOnly={readOnly} onChange={(e) => update('email', 'smtpHost', e.currentTarget.value)} />
          <NumberInput label="SMTP port" min={1} max={65535} allowDecimal={false} value={email.smtpPort} readOnly={readOnly} onChange={(v) => update('email', 'smtpPort', num(v, 587))} />
          <TextInput label="SMTP user" value={email.smtpUser} readOnly={readOnly} autoComplete="off" onChange={(e) => update('email', 'smtpUser', e.currentTarget.value)} />
          <PasswordInput label="SMTP password" value={email.smtpPassword} readOnly={readOnly} autoComplete="new-password" description="Shown masked; leave as is to keep the stored password." onChange={(e) => update('email', 'smtpPassword', e.currentTarget.value)} />
          <TextInput label="Email from" placeholder="Reelsmith <hello@example.com>" value={email.emailFrom} readOnly={readOnly} onChange={(e) => update('email', 'emailFrom', e.currentTarget.value)} />
        </SimpleGrid>
        <Switch mt="sm" label="Email enabled" checked={email.emailEnabled} disabled={readOnly} onChange={(e) => update('email', 'emailEnabled', e.currentTarget.checked)} />
      </Section>
      <Section title="Payment">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Stripe publishable key" value={payment.stripePublishableKey} readOnly={readOnly} onChange={(e) => update('payment', 'stripePublishableKey', e.currentTarget.value)} />
          <PasswordInput label="Stripe secret key" value={payment.stripeSecretKey} readOnly={readOnly} autoComplete="off" description="Shown masked; leave as is to keep the stored key." onChange={(e) => update('payment', 'stripeSecretKey', e.currentTarget.value)} />
          <NumberInput label="Trial days" min={0} allowDecimal={false} value={payment.trialDays} readOnly={readOnly} onChange={(v) => update('payment', 'trialDays', num(v, 7))} />
          <TextInput label="Default currency" maxLength={3} value={payment.defaultCurrency} readOnly={readOnly} onChange={(e) => update('payment', 'defaultCurrency', e.currentTarget.value.toUpperCase())} />
        </SimpleGrid>
        <Switch mt="sm" label="Stripe enabled" checked={payment.stripeEnabled} disabled={readOnly} onChange={(e) => update('payment', 'stripeEnabled', e.currentTarget.checked)} />
        <Text size="xs" c="dimmed" mt="xs">
          The server's STRIPE_* environment settings decide which payment provider runs; these values are stored for reference.
        </Text>
      </Section>
    </Stack>
  );
}
