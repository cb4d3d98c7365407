// Where Step 6's preview draws each caption look at each place: the same placement the merge uses
// (captionPlan over the scenes' picture's keep-clear areas), as shares of the frame.
import { captionPlan, dimensionsFor } from '@reelsmith/media';
import { CAPTION_POSITIONS, CAPTION_STYLES, type CaptionPlace, type CaptionPlaces, type CaptionPosition, type CaptionStyle } from '@reelsmith/shared';
import type { AppDeps } from '../../app-deps.ts';
import { findOwnedProject } from '../../projects/project-rows.ts';
import { captionKeepClear } from './caption-keep-clear.ts';

export async function captionPlaces(deps: AppDeps, userId: string, projectId: string): Promise<CaptionPlaces> {
  const project = await findOwnedProject(deps.db, userId, projectId);
  const keepClear = await captionKeepClear(deps, project.assets);
  const { width, height } = dimensionsFor(project.aspect, 'high');
  const share = (n: number, of: number) => Math.round((n / of) * 1000) / 1000;
  const placeOf = (style: CaptionStyle, position: CaptionPosition): CaptionPlace => {
    const { layout, area } = captionPlan(style, position, width, height, keepClear);
    const top = area.alignment === 2 ? height - area.marginV - layout.blockHeight : area.alignment === 8 ? area.marginV : (height - layout.blockHeight) / 2;
    return { left: share(area.marginL, width), right: share(width - area.marginR, width), top: share(top, height), bottom: share(top + layout.blockHeight, height) };
  };
  const entries = CAPTION_STYLES.map((style) => [style, Object.fromEntries(CAPTION_POSITIONS.map((position) => [position, placeOf(style, position)]))] as const);
  return Object.fromEntries(entries) as CaptionPlaces;
}
