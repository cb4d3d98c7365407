import { useReducedMotion } from '@mantine/hooks';
import type { ComponentPropsWithRef } from 'react';

type AmbientVideoProps = Omit<ComponentPropsWithRef<'video'>, 'autoPlay' | 'loop' | 'muted' | 'playsInline'>;

/**
 * A muted sample clip that loops by itself, unless the visitor asked for reduced motion: then it
 * shows its poster and stays still (the setting is read before the first paint, so a clip never
 * starts and stops). The Final Video card keeps its play button either way.
 */
export function AmbientVideo({ preload = 'metadata', ...props }: AmbientVideoProps) {
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  return <video {...props} autoPlay={!reducedMotion} loop muted playsInline preload={preload} />;
}
