import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { LogoMark } from '@reelsmith/ui';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { hasLoginFields, loginAdmin, loginFailureMessage, missingFieldsNotice } from '../features/auth/admin-login.ts';
import { saveAdminSession, useAdminSession } from '../features/auth/admin-session.ts';
import { isLeavingPage } from '../lib/admin-paths.ts';
import { browserSessionStorage, takeFlashNotice } from '../lib/flash-notice.ts';
import { notifyError } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';
import classes from './login-route.module.css';

/** Spec §2 'Admin login': e-mail and password; the token and admin record are kept, then the dashboard opens. */
export function LoginRoute() {
  usePageTitle('Admin Portal');
  const session = useAdminSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  // A notice left by the previous page (e.g. 'Session expired' before the reload) is shown here. While
  // that reload is still on its way this page may render the login first: it leaves the notice alone.
  useEffect(() => {
    if (isLeavingPage()) return;
    const storage = browserSessionStorage();
    const notice = storage ? takeFlashNotice(storage) : null;
    if (notice) notifyError(notice.title, notice.message);
  }, []);

  if (session && !submitting) return <Navigate to="/dashboard" replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = { email, password };
    if (!hasLoginFields(credentials)) {
      notifyError(missingFieldsNotice.title, missingFieldsNotice.message);
      return;
    }
    setSubmitting(true);
    try {
      saveAdminSession(await loginAdmin(credentials));
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      notifyError('Login failed', loginFailureMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <main className={classes.page}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} className={classes.card}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <LogoMark size={44} />
            <Title order={1} fz={28} mt={6}>
              Admin Portal
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to manage the Reelsmith platform
            </Text>
          </Stack>
          <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Admin login">
            <Stack gap="md">
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                placeholder="admin@example.com"
                leftSection={<IconMail size={16} aria-hidden="true" />}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                withAsterisk
                autoFocus
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                placeholder="Your password"
                leftSection={<IconLock size={16} aria-hidden="true" />}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                withAsterisk
                // Mantine's default name contains 'password' and would make the field's label ambiguous.
                visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
              />
              <Button type="submit" size="md" fullWidth loading={submitting} mt="xs">
                Sign In
              </Button>
            </Stack>
          </form>
          <Text size="xs" c="dimmed" ta="center">
            Not an administrator?{' '}
            <Anchor href="/" size="xs">
              Go to Reelsmith
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </main>
  );
}
