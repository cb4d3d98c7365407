// What the voiceover step keeps beside each voice clip (`<clip>.m4a`): the provider's character
// alignment, the words and the phonemes with their times, and the loudness per video frame. Captions
// read the words, the local renderer the phonemes and the loudness. One place for the keys and for the shapes they are read back with.
import { z } from 'zod';
import type { SpeechResult, SpokenPhoneme, SpokenWord } from '@reelsmith/media';
import type { MediaStorage } from '../storage/media-storage.ts';
import { readStoredJson } from '../storage/stored-json.ts';

const beside = (audioKey: string, what: string) => audioKey.replace(/\.m4a$/, `.${what}.json`);

const storedWords = z.array(z.object({ text: z.string().max(500), startSeconds: z.number().min(0), endSeconds: z.number().min(0) })).max(5000);
const storedPhonemes = z.array(z.object({ phoneme: z.string().max(16), startSeconds: z.number().min(0), endSeconds: z.number().min(0) })).max(20_000);
/** 25 values a second, the loudest 1: at most 20 minutes of voice. */
const storedLoudness = z.array(z.number().min(0).max(1)).max(30_000);

/** Stores whichever timings the synthesiser gave, beside the clip stored at `audioKey`. */
export async function storeVoiceTimings(storage: MediaStorage, audioKey: string, result: Pick<SpeechResult, 'alignment' | 'words' | 'phonemes' | 'loudness'>): Promise<void> {
  const put = (what: string, value: unknown) => storage.put(beside(audioKey, what), { buffer: Buffer.from(JSON.stringify(value)) }, 'application/json');
  if (result.alignment) await put('alignment', result.alignment);
  if (result.words) await put('words', result.words);
  if (result.phonemes) await put('phonemes', result.phonemes);
  if (result.loudness) await put('loudness', result.loudness);
}

/** The clip's words, or null when none were kept (older clips, engines that give none). */
export function readVoiceWords(storage: MediaStorage, audioKey: string): Promise<SpokenWord[] | null> {
  return readStoredJson(storage, beside(audioKey, 'words'), storedWords);
}

/** The clip's phonemes, or null when none were kept. */
export function readVoicePhonemes(storage: MediaStorage, audioKey: string): Promise<SpokenPhoneme[] | null> {
  return readStoredJson(storage, beside(audioKey, 'phonemes'), storedPhonemes);
}

/** The clip's loudness per video frame, or null when none was kept (older clips, provider voices): the renderer measures it then. */
export function readVoiceLoudness(storage: MediaStorage, audioKey: string): Promise<number[] | null> {
  return readStoredJson(storage, beside(audioKey, 'loudness'), storedLoudness);
}
