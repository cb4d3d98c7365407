import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import classes from './final.module.css';
import { playerDownloadProps } from '../../../lib/player-download.ts';
import type { ParsedFinal } from './final-rules.ts';

/** The final video: one file, or the scene videos played one after another with a button per scene. */
export function FinalPlayer({
  parsed,
  posterUrl,
  aspect,
  index,
  onIndexChange,
  allowDownload,
}: {
  parsed: ParsedFinal;
  posterUrl: string | undefined;
  aspect: string;
  index: number;
  onIndexChange: (index: number) => void;
  /** The plan's downloads: without them the player offers no Download of its own. */
  allowDownload: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playNext = useRef(false);
  useEffect(() => {
    if (!playNext.current) return;
    playNext.current = false;
    videoRef.current?.play().catch(() => undefined);
  }, [index]);

  if (parsed.kind === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {parsed.message}
      </Alert>
    );
  }
  const videos = parsed.kind === 'single' ? [parsed.url] : parsed.videos;
  const current = videos[Math.min(index, videos.length - 1)] ?? videos[0];
  return (
    <Stack gap="sm">
      <div className={classes.stage}>
        <video
          ref={videoRef}
          key={current}
          className={classes.video}
          style={{ aspectRatio: aspect }}
          src={current}
          poster={posterUrl}
          controls
          {...playerDownloadProps(allowDownload)}
          playsInline
          preload="metadata"
          aria-label="Final video"
          data-testid="final-video"
          onEnded={() => {
            if (parsed.kind === 'playlist' && index < videos.length - 1) {
              playNext.current = true;
              onIndexChange(index + 1);
            }
          }}
        />
      </div>
      {parsed.kind === 'playlist' ? (
        <Stack gap={6}>
          <Text size="sm" c="gray.7">
            Playing scene by scene ({index + 1} of {videos.length})
          </Text>
          <Group gap="xs">
            {videos.map((url, i) => (
              <Button
                key={url}
                size="xs"
                variant={i === index ? 'filled' : 'default'}
                aria-pressed={i === index}
                onClick={() => {
                  playNext.current = true;
                  onIndexChange(i);
                }}
              >
                Scene {i + 1}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
