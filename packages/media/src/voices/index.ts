export { LOCAL_VOICES, LocalVoiceCatalogue, normaliseLanguage } from './catalogue.ts';
export { VoiceError, type VoiceErrorCode } from './errors.ts';
export {
  LocalSpeechSynthesiser,
  MAX_SPEECH_TEXT_LENGTH,
  MAX_SPEED,
  MIN_SPEED,
  type LocalSpeechRequest,
  type LocalSpeechSynthesiserOptions,
} from './local-synthesiser.ts';
export { PREVIEW_TEXT_LENGTH, previewCacheKey, previewText } from './preview.ts';
export { cleanSpeechText } from './speech-text.ts';
export {
  SPEECH_LANGUAGES,
  SYNTH_PROFILES,
  SYNTH_PROFILES_VERSION,
  synthProfileFor,
  type EspeakProfile,
  type FliteProfile,
  type SpeechLanguage,
  type SynthProfile,
} from './synth-profiles.ts';
export { estimatedWords, shiftWords, textTokens, wordsFromAlignment } from './word-timings.ts';
