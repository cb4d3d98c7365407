import { Badge, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { Scene } from '@reelsmith/shared';
import { IconCheck, IconDownload, IconLock, IconVolume } from '@tabler/icons-react';
import classes from './video.module.css';
import { playerDownloadProps } from '../../../lib/player-download.ts';
import { formatSeconds, sceneVideoFileName } from './video-rules.ts';

/** One scene in step 5's overview: thumbnail, text, duration, readiness, download and player. */
export function SceneVideoCard({
  scene,
  number,
  seconds,
  thumbnail,
  audioUrl,
  videoUrl,
  aspect,
  downloadLocked,
  onLockedDownload,
}: {
  scene: Scene;
  number: number;
  seconds: number;
  thumbnail: string | null;
  audioUrl: string | undefined;
  videoUrl: string | undefined;
  aspect: string;
  downloadLocked: boolean;
  onLockedDownload: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Scene ${number}`}>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xs: 8, sm: 9 }}>
          <Group gap="md" align="flex-start" wrap="nowrap">
            {thumbnail ? <img src={thumbnail} alt="" className={classes.thumb} style={{ aspectRatio: aspect }} /> : null}
            <Stack gap={6} miw={0} style={{ flex: 1 }}>
              <Group gap="xs">
                <Text fw={700}>{scene.title || `Scene ${number}`}</Text>
                <Badge variant="light" color="gray" tt="none">
                  {formatSeconds(seconds)}
                </Badge>
              </Group>
              <Text size="sm" c="gray.8" className={classes.sceneText}>
                {scene.text}
              </Text>
              <Group gap="xs">
                {audioUrl ? (
                  <Badge variant="light" color="teal" leftSection={<IconVolume size={12} aria-hidden />}>
                    Audio Ready
                  </Badge>
                ) : null}
                {videoUrl ? (
                  <Badge variant="light" color="blue" leftSection={<IconCheck size={12} aria-hidden />}>
                    Video Generated
                  </Badge>
                ) : null}
              </Group>
              {videoUrl ? (
                <Group>
                  {downloadLocked ? (
                    <Button size="xs" variant="default" leftSection={<IconLock size={14} aria-hidden />} onClick={onLockedDownload}>
                      Download
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" component="a" href={videoUrl} download={sceneVideoFileName(number)} leftSection={<IconDownload size={14} aria-hidden />}>
                      Download
                    </Button>
                  )}
                </Group>
              ) : null}
            </Stack>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4, sm: 3 }}>
          {videoUrl ? (
            <video className={classes.player} style={{ aspectRatio: aspect }} src={videoUrl} poster={thumbnail ?? undefined} controls {...playerDownloadProps(!downloadLocked)} preload="metadata" playsInline aria-label={`Scene ${number} video`} />
          ) : (
            <div className={classes.placeholder} style={{ aspectRatio: aspect }}>
              <Text size="xs" c="gray.6">
                No video yet
              </Text>
            </div>
          )}
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
