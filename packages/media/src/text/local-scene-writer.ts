import { SCRIPT_MAX_CHARS, countWords, sceneCountFor, sceneMessages, sceneSeconds, speechSeconds, VOICE_SPEED, WORDS_PER_SECOND } from '@reelsmith/shared';
import type { PlannedScene, SceneRequest, SceneWriter } from '../engines.ts';
import { sceneTitle } from './scene-title.ts';
import { splitClause, splitPhrase, splitSentences } from './sentences.ts';

/** What a refused script's message says in numbers, so a client can word it itself (core sends it as the error's details). */
export interface SceneValidationFacts {
  /** Seconds of speech the script needs, and the reel's length (too_long_for_reel). */
  neededSeconds?: number;
  reelTime?: number;
  /** The scenes the script was too short for (too_short). */
  sceneCount?: number;
}

export class SceneValidationError extends Error {
  readonly code: 'empty_script' | 'script_too_long' | 'too_long_for_reel' | 'too_short';
  readonly facts: SceneValidationFacts;
  constructor(code: SceneValidationError['code'], message: string, facts: SceneValidationFacts = {}) {
    super(message);
    this.name = 'SceneValidationError';
    this.code = code;
    this.facts = facts;
  }
}

/**
 * Splits pieces until there are at least `count`: the longest piece that can be split, at a clause,
 * else between phrases. Never mid-phrase: when no piece can be split so, there are fewer pieces.
 */
function enoughPieces(sentences: string[], count: number): string[] {
  const pieces = [...sentences];
  while (pieces.length < count) {
    const byLength = pieces.map((piece, i) => ({ i, words: countWords(piece) })).sort((a, b) => b.words - a.words);
    let split = false;
    for (const { i } of byLength) {
      const halves = splitClause(pieces[i]!) ?? splitPhrase(pieces[i]!);
      if (!halves) continue;
      pieces.splice(i, 1, ...halves);
      split = true;
      break;
    }
    if (!split) break;
  }
  return pieces;
}

/** Contiguous groups of pieces with word counts as even as possible (least squares, dynamic programming). */
export function balanceGroups(pieces: string[], count: number): string[][] {
  const words = pieces.map(countWords);
  const total = words.reduce((a, b) => a + b, 0);
  const target = total / count;
  const n = pieces.length;
  const prefix = [0];
  for (const w of words) prefix.push(prefix.at(-1)! + w);
  const cost: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  cost[0]![0] = 0;
  for (let g = 1; g <= count; g += 1) {
    for (let end = g; end <= n; end += 1) {
      for (let start = g - 1; start < end; start += 1) {
        const prev = cost[g - 1]![start]!;
        if (prev === Infinity) continue;
        const size = prefix[end]! - prefix[start]!;
        const c = prev + (size - target) ** 2;
        if (c < cost[g]![end]!) {
          cost[g]![end] = c;
          cut[g]![end] = start;
        }
      }
    }
  }
  const groups: string[][] = [];
  let end = n;
  for (let g = count; g >= 1; g -= 1) {
    const start = cut[g]![end]!;
    groups.unshift(pieces.slice(start, end));
    end = start;
  }
  return groups;
}

function toScene(text: string, index: number, id: string, wordsPerSecond: number): PlannedScene {
  const wordCount = countWords(text);
  return { sceneId: id, title: sceneTitle(text, index), text, durationSeconds: sceneSeconds(wordCount, wordsPerSecond), wordCount };
}

/**
 * The offline scene writer: splits the customer's script at sentence boundaries into the reel's
 * scene count, balanced by length, each scene's duration its speech at the voice's rate (2.7 words
 * per second before a voice has spoken) within 6–10 s. It rearranges the
 * script's own words; it does not invent new ones (the LLM provider does that).
 */
export class LocalSceneWriter implements SceneWriter {
  async writeScenes(request: SceneRequest): Promise<PlannedScene[]> {
    const script = request.script.trim();
    if (!script) throw new SceneValidationError('empty_script', sceneMessages.emptyScript);
    if (script.length > SCRIPT_MAX_CHARS) throw new SceneValidationError('script_too_long', sceneMessages.scriptTooLong);
    const count = request.sceneCount ?? sceneCountFor(request.reelTime);
    const words = countWords(script);
    const rate = request.wordsPerSecond ?? WORDS_PER_SECOND;
    // At the fastest voice speed a reel holds reelTime × the voice's rate × 1.2 words.
    if (words > request.reelTime * rate * VOICE_SPEED.max) {
      const neededSeconds = Math.round(speechSeconds(words, rate));
      throw new SceneValidationError('too_long_for_reel', sceneMessages.tooLongForReel(neededSeconds, request.reelTime), { neededSeconds, reelTime: request.reelTime });
    }
    const pieces = enoughPieces(splitSentences(script), count);
    if (pieces.length < count) throw new SceneValidationError('too_short', sceneMessages.tooShortForScenes(count), { sceneCount: count });
    return balanceGroups(pieces, count).map((group, i) => toScene(group.join(' '), i, `scene-${i + 1}`, rate));
  }

  async regenerate(request: SceneRequest & { scenes: PlannedScene[]; sceneIndex: number | null }): Promise<PlannedScene[]> {
    const fresh = await this.writeScenes(request);
    if (request.sceneIndex === null) return fresh;
    const index = request.sceneIndex;
    if (index < 0 || index >= request.scenes.length) throw new SceneValidationError('too_short', `There is no scene ${index + 1}.`);
    const current = request.scenes[index]!;
    // One scene: re-derive its text from the script's plan when the plan lines up, else tidy its own text.
    const text = fresh.length === request.scenes.length ? fresh[index]!.text : current.text;
    return request.scenes.map((s, i) => (i === index ? toScene(text, i, s.sceneId, request.wordsPerSecond ?? WORDS_PER_SECOND) : s));
  }
}
