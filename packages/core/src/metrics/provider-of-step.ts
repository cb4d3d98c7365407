import type { GenerationKind } from '@reelsmith/db';
import type { ProviderSummary } from '@reelsmith/media';
import { capabilityOfStep } from '../generation/generation-costs.ts';

/** The provider a generation step pays (the final merge is always our own ffmpeg). */
export function providerOfStep(providers: ProviderSummary | undefined, step: GenerationKind): string {
  if (step === 'final') return 'local';
  return providers?.[capabilityOfStep[step]].provider ?? 'local';
}
