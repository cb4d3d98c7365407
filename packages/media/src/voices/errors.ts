export type VoiceErrorCode = 'unknown_voice' | 'invalid_speed' | 'empty_text' | 'text_too_long' | 'unsupported_language' | 'no_speech';

/** A request the voice engine refuses (the caller's input, not a tool failure). */
export class VoiceError extends Error {
  readonly code: VoiceErrorCode;
  constructor(code: VoiceErrorCode, message: string) {
    super(message);
    this.name = 'VoiceError';
    this.code = code;
  }
}
