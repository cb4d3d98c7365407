import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

const notFoundTitle = '404 Page Not Found';

export function NotFoundRoute() {
  usePageTitle(notFoundTitle);
  return (
    <Center mih="100vh" px="md" py={64} component="main">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fw={800} fz={64} lh={1} variant="gradient" gradient={{ from: 'reel.6', to: 'grape.6', deg: 120 }} aria-hidden>
          404
        </Text>
        <Title order={1}>{notFoundTitle}</Title>
        <Text c="gray.7">This admin page does not exist or has moved.</Text>
        <Button component={Link} to="/dashboard">
          Back to Overview
        </Button>
      </Stack>
    </Center>
  );
}
