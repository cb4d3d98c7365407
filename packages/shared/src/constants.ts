// Business constants of the customer specification (§9); the browser and server read the same values.

export const PRODUCT_NAME = 'Reelsmith';
export const DEFAULT_PROJECT_TITLE = 'Untitled UGC Video';

export const REEL_DURATIONS = [20, 25, 30, 35, 40, 45, 55] as const;
export type ReelDuration = (typeof REEL_DURATIONS)[number];
export const DEFAULT_REEL_TIME_FREE = 20;
export const DEFAULT_REEL_TIME_PAID = 30;

export const ASPECT_RATIOS = ['9:16', '16:9', '1:1', '4:3', '3:4'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const DEFAULT_ASPECT: AspectRatio = '9:16';

export const PROJECT_STATUSES = ['Draft', 'MediaGenerated', 'LipSynced', 'Merged'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const WIZARD_STEPS = [
  'Script & Scenes',
  'Voiceover',
  'Avatar & Setting',
  'Avatar-Product',
  'Video Generation',
  'Merge & Export',
] as const;

export const SCRIPT_MAX_CHARS = 2000;
export const SCENE_TEXT_MAX_CHARS = 500;
export const WORDS_PER_SECOND = 2.7;
export const VOICE_SPEED = { min: 0.7, max: 1.2, step: 0.1, default: 1.0 } as const;
export const VOICE_PREVIEW_CHARS = 100;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const VARIATIONS_PER_REQUEST = 4;
export const DAILY_VIDEO_CAP = 1000;

export const FREE_PLAN_LIMITS = {
  videosLifetime: 1,
  maxReelSeconds: 20,
  quality: 'standard',
  watermark: true,
  allowDownload: false,
} as const;

export const CUSTOMER_SESSION_COOKIE = 'rs_session';
export const CUSTOMER_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Burned-in caption looks (docs/decisions.md): a clean lower-third, or big word-by-word highlights. */
export const CAPTION_STYLES = ['clean', 'highlight'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
export const CAPTION_POSITIONS = ['bottom', 'middle', 'top'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];
