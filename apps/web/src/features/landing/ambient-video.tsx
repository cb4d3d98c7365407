import { useMergedRef, useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, type ComponentPropsWithRef } from 'react';

type AmbientVideoProps = Omit<ComponentPropsWithRef<'video'>, 'autoPlay' | 'loop' | 'muted' | 'playsInline'>;

/**
 * A muted sample clip that loops by itself, unless the visitor asked for reduced motion: then it
 * shows its poster and stays still. Autoplay is switched on in the browser, never in the markup: the
 * landing page is also drawn at build time (prerender/landing-shell.tsx), where the visitor's setting
 * is unknown, so a clip never starts and stops. The Final Video card keeps its play button either way.
 * `data-ambient` marks it for the drawn page's own script (drawn-landing.ts), which does the same.
 */
export function AmbientVideo({ preload = 'metadata', ref, ...props }: AmbientVideoProps) {
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const own = useRef<HTMLVideoElement>(null);
  const merged = useMergedRef(own, ref);
  useEffect(() => {
    const video = own.current;
    if (!video || reducedMotion || video.autoplay) return;
    video.autoplay = true;
    // Autoplay acts while a clip loads (and only while it is on screen); one that already has its data
    // is loaded again, from the cache, so that it does.
    if (video.paused && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) video.load();
  }, [reducedMotion]);
  return <video {...props} ref={merged} loop muted playsInline preload={preload} data-ambient="" />;
}
