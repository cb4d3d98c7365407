import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';

const notFoundTitle = '404 Page Not Found';

export function NotFoundRoute() {
  usePageTitle(notFoundTitle);
  return (
    <Center mih="60vh" px="md" py={64}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fw={800} fz={64} lh={1} variant="gradient" gradient={{ from: 'reel.6', to: 'grape.6', deg: 120 }} aria-hidden>
          404
        </Text>
        <Title order={1}>{notFoundTitle}</Title>
        <Text c="gray.7">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
