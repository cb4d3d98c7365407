export { CAPTION_FONT, assScript, captionLayout, captionPlan, escapeText } from './ass-captions.ts';
export { captionArea, type CaptionArea, type ClearBox } from './caption-placement.ts';
export { FILE_CUE_LIMITS, groupCues, placeWords, wrap, type CaptionCue, type CueLimits, type PlacedWord } from './caption-cues.ts';
export { toSrt, toWebVtt } from './subtitle-files.ts';
