import { Alert, Badge, Button, Center, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { shareMessages } from '@reelsmith/shared';
import { CenteredLoader } from '@reelsmith/ui';
import { IconAlertCircle, IconCircleCheck, IconEye, IconLinkOff, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { brand, pageTitle } from '../../lib/brand.ts';
import { formatDate } from '../../lib/format.ts';
import { serverRoutes } from '../../lib/server-routes.ts';
import { httpStatusOf } from '../../lib/trpc-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuthState } from '../auth/use-current-user.ts';
import classes from './share-page.module.css';
import { SharePlayer } from './share-player.tsx';
import { videoLengthLabel, viewCountLabel } from './share-rules.ts';
import { useRecordShareView } from './use-record-share-view.ts';

/** The public page of a shared, completed project (spec §2 'Share page'); works signed out. */
export function SharePage({ shortId }: { shortId: string }) {
  const trpc = useTRPC();
  const shared = useQuery(trpc.sharing.get.queryOptions({ shortId }));
  const countedViews = useRecordShareView(shortId);
  usePageTitle(pageTitle(shared.data?.project.title ?? 'Shared Project'));

  if (shared.isPending) return <CenteredLoader label="Loading video" />;
  if (shared.isError) {
    const status = httpStatusOf(shared.error);
    if (status === 404 || status === 400) return <ShareNotFound />;
    return (
      <Container size="sm" py={64}>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This video cannot be shown">
          {shared.error.message}
        </Alert>
      </Container>
    );
  }

  const { project, share } = shared.data;
  const views = Math.max(countedViews ?? 0, share.views);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group gap="sm">
            <Badge color="teal" variant="light" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden />}>
              Completed Project
            </Badge>
            <Group gap={6} c="gray.7" wrap="nowrap">
              <IconEye size={18} aria-hidden />
              <Text size="sm" fw={600} data-testid="share-views">
                {viewCountLabel(views)}
              </Text>
            </Group>
          </Group>
          <Title order={1} fz={{ base: 28, sm: 40 }} style={{ overflowWrap: 'anywhere' }}>
            {project.title}
          </Title>
          <Text size="sm" c="gray.7">
            {['Made with ' + brand.productName, formatDate(project.createdAt), videoLengthLabel(project.finalVideo?.durationSeconds ?? null)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SharePlayer
              title={project.title}
              aspect={project.aspect}
              finalVideo={project.finalVideo}
              posterUrl={project.posterUrl}
              sceneTitles={project.scenes.map((scene) => scene.title)}
              allowDownload={project.allowDownload}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="share-scenes-heading">
              <Title order={2} fz="h3" id="share-scenes-heading" mb="md">
                Scenes
              </Title>
              {project.scenes.length === 0 ? (
                <Text c="gray.7">This project has no scenes.</Text>
              ) : (
                <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
                  {project.scenes.map((scene, index) => (
                    <li key={index}>
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <ThemeIcon variant="light" radius="xl" size={28} aria-hidden>
                          <Text span fz="xs" fw={700}>
                            {index + 1}
                          </Text>
                        </ThemeIcon>
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Text fw={700}>{scene.title || `Scene ${index + 1}`}</Text>
                          <Text size="sm" c="gray.8" className={classes.sceneText}>
                            {scene.text}
                          </Text>
                        </Stack>
                      </Group>
                    </li>
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>

        <MakeYourOwn />
      </Stack>
    </Container>
  );
}

function MakeYourOwn() {
  const auth = useAuthState();
  const signedIn = auth.status === 'signed-in';
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="reel.0">
      <Group justify="space-between" gap="md">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="h3">
            Make your own talking-avatar video
          </Title>
          <Text c="gray.8">Write a script, pick a voice and an avatar, and {brand.productName} does the rest in six guided steps.</Text>
        </Stack>
        {signedIn ? (
          <Button component={Link} to="/" leftSection={<IconSparkles size={18} aria-hidden />}>
            Go to Dashboard
          </Button>
        ) : (
          <Button component="a" href={serverRoutes.signIn} leftSection={<IconSparkles size={18} aria-hidden />}>
            Create Your Own Video
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ShareNotFound() {
  return (
    <Center mih="60vh" px="md" py={48}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconLinkOff size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{shareMessages.notFound}</Title>
        <Text c="gray.7">This share link may have expired or been removed.</Text>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
