// The generation pipeline's seams. Each step sits behind one of these interfaces; the local engine
// (this package) implements them offline, and provider adapters (a later issue) implement them with
// real AI services. Nothing provider-specific crosses these types.
import type { AspectRatio, CaptionPosition, CaptionStyle, Quality } from '@reelsmith/shared';
import type { CostSink } from './providers/cost.ts';
import type { ClearBox } from './captions/caption-placement.ts';

/** Paid providers report each call's cost here (the local engine costs nothing and never calls it). */
export interface Costed {
  onCost?: CostSink | undefined;
}

/** A file on local disk the caller owns (a temporary work file until stored). */
export type LocalFile = string;

// ——— Text ———

export interface PlannedScene {
  sceneId: string;
  title: string;
  text: string;
  durationSeconds: number;
  wordCount: number;
}

export interface SceneRequest extends Costed {
  script: string;
  reelTime: number;
  /** Defaults follow the reel time (customer spec §9). */
  sceneCount?: number | undefined;
  sceneDuration?: number | undefined;
  /** The chosen voice's speaking rate (words per second, measured from its clips); 2.7 when none has spoken yet. */
  wordsPerSecond?: number | undefined;
}

export interface SceneWriter {
  writeScenes(request: SceneRequest): Promise<PlannedScene[]>;
  /** Rewrites one scene (by index) or all of them, keeping the rules. */
  regenerate(request: SceneRequest & { scenes: PlannedScene[]; sceneIndex: number | null }): Promise<PlannedScene[]>;
}

export interface AvatarPromptRequest extends Costed {
  scenes: { title: string; text: string }[];
  projectTitle: string;
  script: string;
  voice?: { gender?: string | undefined; age?: string | undefined } | undefined;
}

export interface AvatarPromptWriter {
  suggest(request: AvatarPromptRequest): Promise<string>;
}

// ——— Voices ———

export type VoiceGender = 'female' | 'male' | 'non-binary';
export type VoiceAge = 'young' | 'middle_aged' | 'senior';
export type VoiceSituation = 'conversational' | 'professional' | 'energetic' | 'calm' | 'warm';

export interface Voice {
  id: string;
  name: string;
  gender: VoiceGender;
  age: VoiceAge;
  situation: VoiceSituation;
  /** 'en', or 'multilingual' for voices that read several languages. */
  language: 'en' | 'multilingual';
  accent: string;
  description: string;
  emoji: string;
  /** A sample of the voice, where the provider offers one (spec §3: optional audioUrl). */
  audioUrl?: string;
}

export interface VoiceFilter {
  language?: string | undefined;
  gender?: string | undefined;
  age?: string | undefined;
}

export interface VoiceCatalogue {
  list(filter?: VoiceFilter): Promise<Voice[]>;
  get(id: string): Promise<Voice | undefined>;
}

export interface SpeechRequest extends Costed {
  voiceId: string;
  text: string;
  /** 0.7 to 1.2 (1.0 normal). */
  speed: number;
  /** Language to read in ('en' by default); multilingual voices also read es, fr, de, it, pt. */
  language?: string | undefined;
  /** The text before and after, for providers that smooth joins between scenes. */
  previousText?: string | undefined;
  nextText?: string | undefined;
  /** Where to write the compressed audio (.m4a, AAC). */
  outFile: LocalFile;
}

export interface SpeechResult {
  file: LocalFile;
  /** Per-character timings of the speech (providers that return them). */
  alignment?: SpeechAlignment | undefined;
  /** Each word of the text with when it is spoken in the file, for captions. */
  words?: SpokenWord[] | undefined;
  /** Each sound as the synthesiser made it, in the file's time (engines that say), for mouth shapes. */
  phonemes?: SpokenPhoneme[] | undefined;
  /** The voice's loudness in each video frame (25 fps, the loudest 1), from the samples the file was made from (the local voices), for mouth openings. */
  loudness?: number[] | undefined;
  durationSeconds: number;
  mimeType: string;
}

export interface SpokenWord {
  /** The word as written (with its punctuation). */
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SpokenPhoneme {
  /** The synthesiser's own symbol: espeak-ng's mnemonic ('aI', 'T', '_:' a pause) or flite's ('ay', 'th', 'pau'). */
  phoneme: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SpeechAlignment {
  characters: string[];
  startSeconds: number[];
  endSeconds: number[];
}

export interface SpeechSynthesiser {
  synthesise(request: SpeechRequest): Promise<SpeechResult>;
}

// ——— Images ———

export type AvatarModel = 'google-imagen-4-ultra' | 'flux-kontext';

export interface AvatarRequest extends Costed {
  description: string;
  aspect: AspectRatio;
  model: AvatarModel;
  count: number;
  /** Folder to write the images into. */
  outDir: LocalFile;
  /** Varies the results between requests with the same description. */
  seed?: string | undefined;
}

export interface AvatarImage {
  /** The avatar as shown and chosen (PNG), mouth closed. */
  file: LocalFile;
  /** The same picture with the mouth open, for lip movement (illustrated avatars only). */
  mouthOpenFile: LocalFile | null;
  /** The same picture with the eyes shut, for blinks (illustrated avatars only). */
  eyesClosedFile?: LocalFile | null | undefined;
  /** The setting alone, without the presenter, so a renderer can move the presenter over it (illustrated avatars only). */
  settingFile?: LocalFile | null | undefined;
  width: number;
  height: number;
  /** Which model produced it (the local engine says which style stood in for it). */
  model: string;
  /** Human-readable traits the picture follows (gender, age, hair, clothing, setting). */
  traits: Record<string, string>;
  /** Where the face's centre sits, as a fraction of the height, when the engine knows (its own presenters). */
  faceY?: number | undefined;
  /**
   * What the imager needs to draw this picture's side frames later (`AvatarImager.drawSideFrames`), when
   * it draws them only for the picture that is used instead of beside every variation: plain JSON.
   */
  sideFramesRecipe?: SideFramesRecipe | undefined;
}

/** An imager's own description of a picture it made, from which it draws the picture's side frames. */
export type SideFramesRecipe = Readonly<Record<string, string | number>>;

/** A picture's side frames: its mouth open, its eyes shut and its setting alone (PNG, the picture's size). */
export interface AvatarSideFrames {
  mouthOpenFile: LocalFile;
  eyesClosedFile: LocalFile;
  settingFile: LocalFile;
}

export interface AvatarImager {
  generate(request: AvatarRequest): Promise<AvatarImage[]>;
  /** The side frames of a picture `generate` gave a `sideFramesRecipe`, drawn into `outDir`, the same each time. */
  drawSideFrames?(recipe: SideFramesRecipe, outDir: LocalFile): Promise<AvatarSideFrames>;
}

export type ProductLayout = 'held-in-hand' | 'beside' | 'raised' | 'on-counter';

export interface ProductCompositeRequest extends Costed {
  avatarFile: LocalFile;
  /** The matching open-mouth frame, when the avatar has one. */
  avatarMouthOpenFile: LocalFile | null;
  /** The matching eyes-shut frame, when the avatar has one. */
  avatarEyesClosedFile?: LocalFile | null | undefined;
  /** The matching setting without the presenter, when the avatar has one. */
  avatarSettingFile?: LocalFile | null | undefined;
  productFile: LocalFile;
  interaction: string;
  aspect: AspectRatio;
  count: number;
  outDir: LocalFile;
}

export interface ProductCompositor {
  compose(request: ProductCompositeRequest): Promise<(AvatarImage & { layout: ProductLayout })[]>;
}

// ——— Video ———

export interface TalkingVideoRequest extends Costed {
  /** The avatar picture (mouth closed). */
  imageFile: LocalFile;
  /** Open-mouth frame; without one the picture gets gentle motion instead (uploaded photos). */
  mouthOpenFile: LocalFile | null;
  /** Eyes-shut frame (with an open-mouth frame): the presenter blinks. */
  eyesClosedFile?: LocalFile | null | undefined;
  /** The setting without the presenter (with an open-mouth frame): the presenter's head and shoulders move over it. */
  settingFile?: LocalFile | null | undefined;
  audioFile: LocalFile;
  /** The voice's phonemes in the audio's time (synthesisers that give them): mouth shapes follow them, else the voice's loudness. */
  phonemes?: SpokenPhoneme[] | undefined;
  /** The voice's loudness per video frame as the voiceover kept it (SpeechResult.loudness); without it the renderer decodes the audio to measure it. */
  loudness?: readonly number[] | undefined;
  aspect: AspectRatio;
  quality: Quality;
  watermark: boolean;
  outFile: LocalFile;
  /** Reports progress from 0 to 1 while rendering. */
  onProgress?: ((fraction: number) => void) | undefined;
}

export interface VideoResult {
  file: LocalFile;
  durationSeconds: number;
  width: number;
  height: number;
}

export interface TalkingVideoRenderer {
  render(request: TalkingVideoRequest): Promise<VideoResult>;
  /** The longest audio the model accepts, in seconds (none for the local renderer). */
  maxAudioSeconds?: number | undefined;
}

export type Transition = 'none' | 'fade' | 'crossfade';

export interface MergeRequest {
  clips: LocalFile[];
  transition: Transition;
  /** Captions burned into the picture: each clip's spoken words (in that clip's time) and the look. */
  captions?: BurnedCaptions | undefined;
  outFile: LocalFile;
  onProgress?: ((fraction: number) => void) | undefined;
}

export interface BurnedCaptions {
  clipWords: SpokenWord[][];
  style: CaptionStyle;
  position: CaptionPosition;
  /** Parts of the picture to keep clear (the presenter's face, the product), as fractions of the frame. */
  keepClear?: ClearBox[] | undefined;
}

export interface MergeResult extends VideoResult {
  /** Where each clip starts in the joined video, and how long it is (to place captions and chapters). */
  clips: { startSeconds: number; durationSeconds: number }[];
}

export interface VideoMerger {
  merge(request: MergeRequest): Promise<MergeResult>;
}

/** Output sizes: standard is 360p, high 1080p, on the short side... see dimensionsFor in video-size.ts. */
export interface MediaEngine {
  name: string;
  /** Bump when output for the same inputs changes, so cached artifacts are redone. */
  version: string;
  scenes: SceneWriter;
  avatarPrompts: AvatarPromptWriter;
  voices: VoiceCatalogue;
  speech: SpeechSynthesiser;
  avatars: AvatarImager;
  products: ProductCompositor;
  talkingVideo: TalkingVideoRenderer;
  merger: VideoMerger;
}
