export { CAPTION_FONT, assScript, captionLayout, escapeText } from './ass-captions.ts';
export { FILE_CUE_LIMITS, groupCues, placeWords, wrap, type CaptionCue, type CueLimits, type PlacedWord } from './caption-cues.ts';
export { toSrt, toWebVtt } from './subtitle-files.ts';
