import { ActionIcon } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import classes from './simple-workflow.module.css';
import { AmbientVideo } from './ambient-video.tsx';

const videoId = 'final-video-sample';

/**
 * The Final Video card's clip with a play/pause button whose label follows the playback state. Both
 * icons are drawn and the stylesheet shows the one `aria-pressed` calls for, so the drawn landing page
 * works the button by its attributes alone (drawn-landing.ts, marked by `data-toggles-video`).
 */
export function FinalVideoPlayer({ src, poster }: { src: string; poster: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  function toggle() {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  }

  return (
    <>
      <AmbientVideo
        ref={videoRef}
        id={videoId}
        className={classes.media}
        src={src}
        poster={poster}
        aria-label="Final video sample"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <ActionIcon
        className={classes.playButton}
        size={48}
        radius="xl"
        variant="white"
        onClick={toggle}
        aria-label={playing ? 'Pause final video' : 'Play final video'}
        aria-pressed={playing}
        aria-controls={videoId}
        data-toggles-video="final video"
      >
        <IconPlayerPlayFilled size={22} aria-hidden className={classes.playIcon} />
        <IconPlayerPauseFilled size={22} aria-hidden className={classes.pauseIcon} />
      </ActionIcon>
    </>
  );
}
