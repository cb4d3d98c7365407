import type { AvatarPromptRequest, AvatarPromptWriter } from '../engines.ts';

const settings: [RegExp, string][] = [
  [/\b(skin|skincare|serum|beauty|makeup|cosmetic|moisturi[sz]er|hair ?care)\b/i, 'a bright bathroom with soft natural light'],
  [/\b(workout|fitness|gym|protein|training|exercise|yoga|running)\b/i, 'a modern gym'],
  [/\b(recipe|cook|cooking|kitchen|food|meal|coffee|snack|bake|baking|chef)\b/i, 'a bright modern kitchen'],
  [/\b(software|app|saas|tech|laptop|phone|gadget|startup|productivity|ai)\b/i, 'a modern home office'],
  [/\b(finance|money|invest|budget|bank|tax|crypto|savings)\b/i, 'a calm, tidy office'],
  [/\b(travel|hiking|outdoor|camping|garden|nature|beach)\b/i, 'a sunny outdoor setting'],
  [/\b(game|gaming|stream|esports)\b/i, 'a cosy gaming room with colourful lights'],
  [/\b(course|learn|study|teach|school|education|lesson)\b/i, 'a friendly classroom'],
  [/\b(shop|store|fashion|clothing|outfit|sale|deal|product)\b/i, 'a clean studio with a seamless backdrop'],
];

const stopwords = new Set('the a an and or but of to in on for with this that is are it you your our we my i its from at by as be can will just so more most get'.split(' '));

function topicWords(text: string): string[] {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []) {
    if (!stopwords.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([w]) => w);
}

/** An avatar description from the scenes' topic, the project title and the chosen voice's gender and age. */
export class LocalAvatarPromptWriter implements AvatarPromptWriter {
  async suggest(request: AvatarPromptRequest): Promise<string> {
    const text = [request.projectTitle, request.script, ...request.scenes.map((s) => `${s.title} ${s.text}`)].join(' ');
    const gender = request.voice?.gender;
    const person = gender === 'female' ? 'woman' : gender === 'male' ? 'man' : 'person';
    const pronoun = gender === 'female' ? 'her' : gender === 'male' ? 'his' : 'their';
    const age = request.voice?.age === 'young' ? `in ${pronoun} 20s` : request.voice?.age === 'senior' ? `in ${pronoun} 60s` : `in ${pronoun} 30s`;
    const setting = settings.find(([pattern]) => pattern.test(text))?.[1] ?? 'a bright, modern studio';
    const topic = topicWords(text);
    const about = topic.length ? `, talking about ${topic.join(', ')}` : '';
    return `A friendly, confident ${person} ${age} with a warm smile, wearing a casual blue top, in ${setting}${about}, looking straight at the camera, natural light, authentic UGC selfie style.`;
  }
}
