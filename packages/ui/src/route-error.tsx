import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** A route's error boundary: shown when a page throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">The page could not be shown. Reloading usually fixes this.</Text>
        {detail ? (
          <Text size="sm" c="gray.7" ff="monospace">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </Stack>
    </Center>
  );
}
