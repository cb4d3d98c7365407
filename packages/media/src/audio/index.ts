export { medianPitchHz, peak, rms, zeroCrossingRate } from './analysis.ts';
export { frameRms, loudnessEnvelope, mouthOpenFrames, videoFrameCount, type EnvelopeOptions, type MouthOptions } from './envelope.ts';
export { decodePcm, type DecodePcmOptions, type Pcm } from './pcm.ts';
