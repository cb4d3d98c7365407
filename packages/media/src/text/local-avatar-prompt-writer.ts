import type { AvatarPromptRequest, AvatarPromptWriter } from '../engines.ts';

/** Where the presenter stands and what they are talking about, by the script's topic. */
const settings: [RegExp, string, string][] = [
  [/\b(skin|skincare|serum|beauty|makeup|cosmetic|moisturi[sz]er|hair ?care)\b/i, 'a bright bathroom with soft natural light', 'POSS skincare routine'],
  [/\b(workout|fitness|gym|protein|training|exercise|yoga|running)\b/i, 'a modern gym', 'POSS training'],
  [/\b(recipe|cook|cooking|kitchen|food|meal|coffee|snack|bake|baking|chef)\b/i, 'a bright modern kitchen', 'something good to eat and drink'],
  [/\b(software|app|saas|tech|laptop|phone|gadget|startup|productivity|ai)\b/i, 'a modern home office', 'a tool POSS team uses every day'],
  [/\b(finance|money|invest|budget|bank|tax|crypto|savings)\b/i, 'a calm, tidy office', 'how POSS money works harder'],
  [/\b(travel|hiking|outdoor|camping|garden|nature|beach)\b/i, 'a sunny outdoor setting', 'POSS favourite trip'],
  [/\b(game|gaming|stream|esports)\b/i, 'a cosy gaming room with colourful lights', 'POSS gaming setup'],
  [/\b(course|learn|study|teach|school|education|lesson)\b/i, 'a friendly classroom', 'what POSS students learn'],
  [/\b(shop|store|fashion|clothing|outfit|sale|deal|product)\b/i, 'a clean studio with a seamless backdrop', 'a favourite find'],
];

/** A product or brand name in the text: two or more capitalised words that do not start a sentence ('Meet Glow Serum'). */
function productName(text: string): string | null {
  for (const m of text.matchAll(/(?<![.!?]\s*|^)\s((?:\p{Lu}[\p{L}\p{N}'-]*)(?:\s\p{Lu}[\p{L}\p{N}'-]*)+)/gu)) {
    const name = m[1]!.split(/\s+/).slice(0, 4).join(' ');
    if (!/^(I|I'm|I've)\b/.test(name)) return name;
  }
  return null;
}

/** An avatar description from the scenes' topic, the project title and the chosen voice's gender and age. */
export class LocalAvatarPromptWriter implements AvatarPromptWriter {
  async suggest(request: AvatarPromptRequest): Promise<string> {
    const text = [request.projectTitle, request.script, ...request.scenes.map((s) => `${s.title} ${s.text}`)].join(' ');
    const gender = request.voice?.gender;
    const person = gender === 'female' ? 'woman' : gender === 'male' ? 'man' : 'person';
    const pronoun = gender === 'female' ? 'her' : gender === 'male' ? 'his' : 'their';
    const age = request.voice?.age === 'young' ? `in ${pronoun} 20s` : request.voice?.age === 'senior' ? `in ${pronoun} 60s` : `in ${pronoun} 30s`;
    const found = settings.find(([pattern]) => pattern.test(text));
    const setting = found?.[1] ?? 'a bright, modern studio';
    const product = productName(` ${request.script} ${request.scenes.map((s) => s.text).join(' ')}`);
    const about = product ? `, showing off ${product}` : found ? `, talking about ${found[2].replace('POSS', pronoun)}` : '';
    return `A friendly, confident ${person} ${age} with a warm smile, wearing a casual blue top, in ${setting}${about}, looking straight at the camera, natural light, authentic UGC selfie style.`;
  }
}
