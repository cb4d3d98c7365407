import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconMaximize, IconMovieOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { playerDownloadProps } from '../../lib/player-download.ts';
import classes from './share-page.module.css';
import { cssAspectRatio, playableVideos, videoFileName, type SharedFinalVideo } from './share-rules.ts';

/** Shown instead of the player when the shared project has no final video. */
export const noFinalVideoNote = 'The final video of this project is not available yet.';

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

function openFullScreen(video: FullscreenVideo | null): void {
  if (!video) return;
  if (typeof video.requestFullscreen === 'function') {
    video.requestFullscreen().catch(() => video.webkitEnterFullscreen?.());
  } else {
    // iOS Safari only puts the video element itself into full screen.
    video.webkitEnterFullscreen?.();
  }
}

/**
 * The shared video: one file, or a playlist played scene after scene with a button per scene;
 * Open Full Screen and, when the owner's plan allows downloads, Download Video under it. A Free
 * owner's video plays but is not offered for download, by the page or the player (docs/decisions.md).
 */
export function SharePlayer({
  title,
  aspect,
  finalVideo,
  posterUrl,
  sceneTitles,
  allowDownload,
}: {
  title: string;
  aspect: string;
  finalVideo: SharedFinalVideo | null;
  posterUrl: string | null;
  sceneTitles: readonly string[];
  allowDownload: boolean;
}) {
  const videos = playableVideos(finalVideo);
  const playlist = finalVideo?.type === 'playlist' && videos.length > 1;
  const [index, setIndex] = useState(0);
  const videoRef = useRef<FullscreenVideo>(null);
  // Set when one scene ends, so the next one starts by itself; a click on a scene button also plays.
  const playNext = useRef(false);
  const current = videos[Math.min(index, videos.length - 1)];

  useEffect(() => {
    if (!playNext.current) return;
    playNext.current = false;
    videoRef.current?.play().catch(() => undefined);
  }, [index]);

  const frame = { aspectRatio: cssAspectRatio(aspect) };

  if (!current) {
    return (
      <Stack gap="sm">
        {posterUrl ? (
          <div className={classes.stage}>
            <div className={classes.frame} style={frame}>
              <img src={posterUrl} alt={`${title}: avatar`} className={classes.poster} />
            </div>
          </div>
        ) : null}
        <Paper withBorder radius="lg" bg="gray.0" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconMovieOff size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="gray.8" fw={600} role="note">
              {noFinalVideoNote}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  const fileName = playlist ? videoFileName(title, index + 1) : videoFileName(title);
  return (
    <Stack gap="sm">
      <div className={classes.stage}>
        <div className={classes.frame} style={frame}>
          <video
            ref={videoRef}
            className={classes.video}
            src={current}
            poster={posterUrl ?? undefined}
            controls
            {...playerDownloadProps(allowDownload)}
            playsInline
            preload="metadata"
            aria-label={playlist ? `${title}, scene ${index + 1} of ${videos.length}` : title}
            onEnded={() => {
              if (!playlist || index >= videos.length - 1) return;
              playNext.current = true;
              setIndex(index + 1);
            }}
          >
            {/* The captions timed from the speech, for viewers who turn them on (the video may also carry them burned in). */}
            {!playlist && finalVideo?.captionsUrl ? <track kind="captions" src={finalVideo.captionsUrl} label="Captions" /> : null}
          </video>
        </div>
      </div>

      {playlist ? (
        <Group gap="xs" role="group" aria-label="Scenes">
          {videos.map((url, sceneIndex) => (
            <Button
              key={`${sceneIndex}-${url}`}
              size="xs"
              variant={sceneIndex === index ? 'filled' : 'default'}
              aria-pressed={sceneIndex === index}
              title={sceneTitles[sceneIndex]}
              onClick={() => {
                if (sceneIndex === index) {
                  videoRef.current?.play().catch(() => undefined);
                  return;
                }
                playNext.current = true;
                setIndex(sceneIndex);
              }}
            >
              Scene {sceneIndex + 1}
            </Button>
          ))}
        </Group>
      ) : null}

      <Group gap="sm">
        <Button variant="default" leftSection={<IconMaximize size={18} aria-hidden />} onClick={() => openFullScreen(videoRef.current)}>
          Open Full Screen
        </Button>
        {allowDownload ? (
          <Button component="a" href={current} download={fileName} leftSection={<IconDownload size={18} aria-hidden />}>
            Download Video
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
