import { Badge, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { brand, pageTitle } from '../lib/brand.ts';
import { serverRoutes } from '../lib/server-routes.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** Public page of a shared, completed project. */
export function ShareRoute() {
  usePageTitle(pageTitle('Shared Project'));
  const { shortId = '' } = useParams();
  return (
    <Container size="md" py={64}>
      <Stack gap="md" align="center" ta="center">
        <Badge variant="light" size="lg">
          Shared with {brand.productName}
        </Badge>
        <Title order={1}>Shared Project</Title>
        <Text c="gray.7">
          Share link <Text span ff="monospace">{shortId}</Text>
        </Text>
        <Text c="gray.7" maw={520}>
          Videos like this one are made from a script in six guided steps. Make your own talking-avatar video in
          minutes.
        </Text>
        <Button component="a" href={serverRoutes.signIn} size="md">
          Create Your Own Video
        </Button>
      </Stack>
    </Container>
  );
}
