// Reads a free-text avatar description into the traits the local illustrated avatar follows.
// Pure and deterministic: simple word rules over a token stream, no randomness and no I/O.

export const SETTINGS = [
  'office',
  'kitchen',
  'gym',
  'studio',
  'outdoors',
  'living-room',
  'cafe',
  'store',
  'classroom',
  'beach',
] as const;
export type Setting = (typeof SETTINGS)[number];

export type Gender = 'female' | 'male' | 'neutral';
export type AgeBand = 'young' | 'middle' | 'senior';
export type HairColour = 'blonde' | 'brown' | 'black' | 'red' | 'auburn' | 'grey' | 'white' | 'pink' | 'blue' | 'purple' | 'green';
export type HairStyle =
  | 'curly'
  | 'wavy'
  | 'straight'
  | 'long'
  | 'short'
  | 'bald'
  | 'bun'
  | 'ponytail'
  | 'braids'
  | 'dreadlocks'
  | 'afro'
  | 'bob';
export type ClothingType =
  | 'blazer'
  | 'suit'
  | 'jacket'
  | 'coat'
  | 'hoodie'
  | 'sweater'
  | 'cardigan'
  | 'turtleneck'
  | 'polo'
  | 't-shirt'
  | 'graphic t-shirt'
  | 'shirt'
  | 'blouse'
  | 'top'
  | 'tank top'
  | 'dress'
  | 'apron'
  | 'overalls'
  | 'uniform'
  | 'scrubs';
export type Eyewear = 'glasses' | 'sunglasses';
export type Headwear = 'hat' | 'cap' | 'beanie' | 'hijab' | 'turban';
export type FacialHair = 'beard' | 'moustache' | 'stubble' | 'clean-shaven';
export type SkinTone = 'pale' | 'light' | 'medium' | 'tan' | 'brown' | 'dark';

export interface AvatarTraits {
  gender: Gender;
  age: AgeBand;
  /** False when the description says nothing about age (the band is then the default, 'middle'). */
  ageStated: boolean;
  hairColour: HairColour | null;
  hairStyles: HairStyle[];
  clothingType: ClothingType | null;
  /** A colour name with an optional shade word, e.g. 'blue', 'light blue', 'navy'. */
  clothingColour: string | null;
  eyewear: Eyewear | null;
  headwear: Headwear | null;
  facialHair: FacialHair | null;
  skinTone: SkinTone | null;
  setting: Setting;
  /** False when no setting word was found (the setting is then the default, 'studio'). */
  settingStated: boolean;
}

/** Clothing colour names the reader understands, with the sRGB hex the illustration uses. */
export const CLOTHING_COLOURS: Readonly<Record<string, string>> = {
  red: 'd9434b',
  crimson: 'b8283a',
  maroon: '7a2331',
  burgundy: '7d2438',
  orange: 'f08a3c',
  coral: 'f27b6b',
  yellow: 'f5cf4a',
  mustard: 'd8a531',
  gold: 'd9ad3c',
  green: '4e9d5b',
  olive: '7b7d3a',
  mint: '9fdcc0',
  sage: '9bb59a',
  emerald: '1f8a5b',
  teal: '2a8c8c',
  turquoise: '3cbfc0',
  blue: '3f7fd1',
  navy: '25365e',
  cobalt: '2350b5',
  denim: '4a6d96',
  purple: '7b4fb0',
  lavender: 'b7a4e0',
  lilac: 'c7a2d6',
  violet: '8a55c7',
  pink: 'f08fb5',
  magenta: 'c93a8f',
  black: '2b2f36',
  white: 'f4f4f2',
  cream: 'f1e7cf',
  beige: 'dcc7a3',
  khaki: 'b9a878',
  tan: 'c59c6b',
  camel: 'c19a62',
  brown: '7a5137',
  grey: '8b9099',
  gray: '8b9099',
  charcoal: '3d434c',
  silver: 'bfc4cb',
};

const HAIR_COLOUR_WORDS: Readonly<Record<string, HairColour>> = {
  blonde: 'blonde',
  blond: 'blonde',
  golden: 'blonde',
  platinum: 'blonde',
  fair: 'blonde',
  brown: 'brown',
  brunette: 'brown',
  chestnut: 'brown',
  black: 'black',
  jet: 'black',
  dark: 'black',
  red: 'red',
  ginger: 'red',
  copper: 'red',
  auburn: 'auburn',
  grey: 'grey',
  gray: 'grey',
  silver: 'grey',
  white: 'white',
  pink: 'pink',
  blue: 'blue',
  purple: 'purple',
  green: 'green',
};

/** Words that name hair, so a colour or style word just before them describes the hair. */
const HAIR_NOUNS = new Set(['hair', 'haired', 'hairstyle', 'hairdo', 'locks', 'curls', 'mane', 'ponytail', 'bun', 'braids', 'bob']);

const CLOTHING_NOUNS: Readonly<Record<string, ClothingType>> = {
  blazer: 'blazer',
  suit: 'suit',
  jacket: 'jacket',
  coat: 'coat',
  hoodie: 'hoodie',
  hoody: 'hoodie',
  sweatshirt: 'hoodie',
  sweater: 'sweater',
  jumper: 'sweater',
  pullover: 'sweater',
  cardigan: 'cardigan',
  turtleneck: 'turtleneck',
  polo: 'polo',
  tshirt: 't-shirt',
  tee: 't-shirt',
  shirt: 'shirt',
  blouse: 'blouse',
  top: 'top',
  dress: 'dress',
  apron: 'apron',
  overalls: 'overalls',
  dungarees: 'overalls',
  uniform: 'uniform',
  scrubs: 'scrubs',
  jersey: 't-shirt',
  tank: 'tank top',
  vest: 'tank top',
};

const FEMALE_WORDS = new Set([
  'woman', 'women', 'female', 'girl', 'lady', 'ladies', 'mother', 'mom', 'mum', 'wife', 'grandmother', 'grandma', 'granny',
  'businesswoman', 'actress', 'sister', 'daughter', 'aunt', 'gal', 'latina', 'waitress', 'feminine',
]);
const MALE_WORDS = new Set([
  'man', 'men', 'male', 'guy', 'boy', 'gentleman', 'father', 'dad', 'husband', 'grandfather', 'grandpa', 'businessman',
  'brother', 'son', 'uncle', 'dude', 'latino', 'waiter', 'masculine', 'bloke',
]);
const FEMALE_PRONOUNS = new Set(['she', 'her', 'hers', 'herself']);
const MALE_PRONOUNS = new Set(['he', 'him', 'his', 'himself']);
const NEUTRAL_WORDS = new Set(['nonbinary', 'enby', 'androgynous', 'genderless']);
const PERSON_NOUNS = new Set([...FEMALE_WORDS, ...MALE_WORDS, 'person', 'people', 'individual', 'presenter', 'creator', 'host']);

const DECADE_WORDS: Readonly<Record<string, number>> = {
  teens: 15,
  twenties: 20,
  thirties: 30,
  forties: 40,
  fifties: 50,
  sixties: 60,
  seventies: 70,
  eighties: 80,
  nineties: 90,
};
const SENIOR_WORDS = new Set(['elderly', 'senior', 'retired', 'retiree', 'pensioner', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'granny', 'older', 'old']);
const MIDDLE_WORDS = new Set(['middle-aged', 'midlife', 'mature']);
const YOUNG_WORDS = new Set(['young', 'youthful', 'teen', 'teenage', 'teenager', 'student', 'college', 'girl', 'boy', 'kid', 'gen-z', 'twentysomething']);

const SKIN_WORDS: Readonly<Record<string, SkinTone>> = {
  pale: 'pale',
  fair: 'pale',
  porcelain: 'pale',
  light: 'light',
  olive: 'medium',
  medium: 'medium',
  golden: 'medium',
  tan: 'tan',
  tanned: 'tan',
  bronzed: 'tan',
  brown: 'brown',
  dark: 'dark',
  deep: 'dark',
  ebony: 'dark',
};
/** A colour word directly before a person noun ('a Black woman') describes the person's skin. */
const PERSON_COLOUR_SKIN: Readonly<Record<string, SkinTone>> = { black: 'dark', brown: 'brown', white: 'light' };

// Strong words name a place; weak words only hint at one (a 'chef' is usually in a kitchen). A strong
// word always wins; among several, the earlier entry in this list wins ('home office' is an office).
const SETTING_RULES: readonly { setting: Setting; strong: readonly string[]; weak: readonly string[] }[] = [
  { setting: 'beach', strong: ['beach', 'seaside', 'shore', 'seashore', 'ocean', 'sea', 'boardwalk'], weak: ['tropical', 'surf', 'surfer', 'waves'] },
  { setting: 'cafe', strong: ['cafe', 'coffee shop', 'coffeeshop', 'coffee house', 'coffeehouse', 'bistro', 'bakery', 'restaurant'], weak: ['barista', 'latte', 'espresso', 'coffee'] },
  { setting: 'classroom', strong: ['classroom', 'class room', 'lecture hall', 'school', 'whiteboard', 'chalkboard', 'blackboard'], weak: ['teacher', 'tutor', 'lecturer', 'professor', 'lesson'] },
  { setting: 'gym', strong: ['gym', 'fitness studio', 'fitness center', 'fitness centre', 'yoga studio', 'weight room', 'health club'], weak: ['fitness', 'workout', 'weights', 'dumbbells', 'dumbbell', 'exercise', 'yoga', 'pilates', 'athletic', 'sporty', 'trainer', 'athlete'] },
  { setting: 'kitchen', strong: ['kitchen'], weak: ['cooking', 'chef', 'cook', 'baking', 'recipe', 'food'] },
  { setting: 'office', strong: ['office', 'home office', 'workplace', 'cubicle', 'boardroom', 'meeting room', 'conference room', 'coworking', 'co-working', 'workspace', 'desk'], weak: ['corporate', 'business', 'businessman', 'businesswoman', 'executive', 'professional', 'entrepreneur', 'ceo'] },
  { setting: 'store', strong: ['store', 'shop', 'boutique', 'supermarket', 'grocery', 'retail', 'shopfront', 'storefront', 'market', 'mall'], weak: ['shopkeeper', 'cashier', 'products'] },
  { setting: 'outdoors', strong: ['outdoors', 'outside', 'outdoor', 'park', 'nature', 'garden', 'forest', 'woods', 'mountain', 'mountains', 'meadow', 'countryside', 'trail', 'hills', 'backyard', 'lake'], weak: ['hiking', 'hiker', 'sunny', 'sunshine'] },
  { setting: 'living-room', strong: ['living room', 'livingroom', 'lounge', 'sofa', 'couch', 'bedroom', 'apartment', 'home', 'house'], weak: ['cozy', 'cosy', 'homey', 'vlogger'] },
  { setting: 'studio', strong: ['studio', 'photo studio', 'backdrop', 'plain background', 'seamless', 'podcast studio'], weak: ['podcast', 'podcaster', 'influencer'] },
];

const PUNCTUATION = new Set([',', '.', ';', ':', '!', '?', '(', ')']);

/** Lower-cases and splits into words, keeping sentence punctuation as separate tokens. */
export function tokenise(text: string): string[] {
  const normalised = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bt-?shirts?\b/g, 'tshirt')
    .replace(/\bmiddle[\s-]+aged\b/g, 'middle-aged')
    .replace(/\bnon[\s-]+binary\b/g, 'nonbinary')
    .replace(/\bgen[\s-]+z\b/g, 'gen-z');
  return normalised.match(/[a-z]+(?:-[a-z]+)*|\d+s?|[,.;:!?()]/g) ?? [];
}

/** Splits a hyphenated word ('grey-haired', 'dark-skinned') so each part can be looked at. */
function expandHyphens(tokens: string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (token.includes('-') && !['middle-aged', 'gen-z', 'clean-shaven', 'co-working'].includes(token)) out.push(...token.split('-'));
    else out.push(token);
  }
  return out;
}

function singular(word: string): string {
  if (word.endsWith('ies')) return word;
  return word.endsWith('s') && !word.endsWith('ss') && word.length > 3 ? word.slice(0, -1) : word;
}

function readGender(tokens: string[]): Gender {
  for (const token of tokens) {
    if (NEUTRAL_WORDS.has(token)) return 'neutral';
    if (FEMALE_WORDS.has(token)) return 'female';
    if (MALE_WORDS.has(token)) return 'male';
  }
  for (const token of tokens) {
    if (FEMALE_PRONOUNS.has(token)) return 'female';
    if (MALE_PRONOUNS.has(token)) return 'male';
  }
  return 'neutral';
}

function bandForYears(years: number): AgeBand {
  if (years >= 60) return 'senior';
  if (years >= 30) return 'middle';
  return 'young';
}

function readAge(tokens: string[]): { age: AgeBand; stated: boolean } {
  // Numbers first: '30s', '30 year old', 'aged 45', 'age 62' are the most precise statements.
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const decade = /^(\d{1,2})0s$/.exec(token);
    if (decade) return { age: bandForYears(Number(decade[1]) * 10), stated: true };
    if (/^\d{1,3}$/.test(token)) {
      const years = Number(token);
      const next = tokens[i + 1] ?? '';
      const previous = tokens[i - 1] ?? '';
      if (years >= 5 && years <= 110 && (['year', 'years', 'yo', 'yrs'].includes(next) || ['aged', 'age'].includes(previous))) {
        return { age: bandForYears(years), stated: true };
      }
    }
    const decadeWord = DECADE_WORDS[token];
    if (decadeWord !== undefined) return { age: bandForYears(decadeWord), stated: true };
  }
  const words = tokens.filter((token, i) => !(token === 'old' && ['year', 'years'].includes(tokens[i - 1] ?? '')));
  if (words.some((word) => SENIOR_WORDS.has(word))) return { age: 'senior', stated: true };
  if (words.some((word) => MIDDLE_WORDS.has(word))) return { age: 'middle', stated: true };
  if (words.some((word) => YOUNG_WORDS.has(word))) return { age: 'young', stated: true };
  return { age: 'middle', stated: false };
}

/** Index of the first `nouns` word among the `within` tokens after i, or -1; punctuation ends the search. */
function nounFollows(tokens: string[], i: number, nouns: (word: string) => boolean, within: number): number {
  for (let j = i + 1; j <= i + within && j < tokens.length; j++) {
    const word = tokens[j] ?? '';
    if (PUNCTUATION.has(word)) return -1;
    if (nouns(word)) return j;
  }
  return -1;
}

const isHairNoun = (word: string) => HAIR_NOUNS.has(word);
const clothingFor = (word: string): ClothingType | undefined => CLOTHING_NOUNS[word] ?? CLOTHING_NOUNS[singular(word)];
const isClothingNoun = (word: string) => clothingFor(word) !== undefined;

function readHair(tokens: string[]): { colour: HairColour | null; styles: HairStyle[] } {
  let colour: HairColour | null = null;
  const styles = new Set<HairStyle>();
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    const nearHair = nounFollows(tokens, i, isHairNoun, 4) >= 0;
    if (colour === null) {
      if (['blonde', 'blond', 'brunette', 'auburn'].includes(word)) colour = HAIR_COLOUR_WORDS[word] ?? null;
      else if (['redhead', 'ginger'].includes(word)) colour = 'red';
      else if (word === 'salt' && tokens[i + 1] === 'and' && tokens[i + 2] === 'pepper') colour = 'grey';
      else if (nearHair && HAIR_COLOUR_WORDS[word] && !(word === 'dark' && HAIR_COLOUR_WORDS[tokens[i + 1] ?? ''])) {
        colour = HAIR_COLOUR_WORDS[word] ?? null;
      }
    }
    if (['curly', 'curls', 'frizzy', 'ringlets'].includes(word)) styles.add('curly');
    if (['wavy', 'waves'].includes(word) && nearHair) styles.add('wavy');
    if (word === 'straight' && nearHair) styles.add('straight');
    if (['long', 'flowing', 'shoulder'].includes(word) && nearHair) styles.add('long');
    if (['short', 'cropped', 'pixie', 'buzz', 'buzzcut', 'crewcut'].includes(word) && (nearHair || ['pixie', 'buzz', 'buzzcut', 'crewcut'].includes(word))) styles.add('short');
    if (['bald', 'balding', 'shaved', 'shaven'].includes(word) && !(word === 'shaven' && tokens[i - 1] === 'clean')) styles.add('bald');
    if (word === 'bun' || word === 'topknot') styles.add('bun');
    if (word === 'ponytail' || word === 'pony') styles.add('ponytail');
    if (['braids', 'braided', 'cornrows', 'plaits'].includes(word)) styles.add('braids');
    if (['dreadlocks', 'dreads', 'locs'].includes(word)) styles.add('dreadlocks');
    if (word === 'afro') styles.add('afro');
    if (word === 'bob') styles.add('bob');
  }
  if (colour === null) {
    // A coloured beard ('a white beard') is the best hint left for the hair colour.
    const isBeardNoun = (word: string) => ['beard', 'moustache', 'mustache', 'goatee', 'stubble'].includes(word);
    for (let i = 0; i < tokens.length && colour === null; i++) {
      const word = tokens[i] ?? '';
      if (HAIR_COLOUR_WORDS[word] && nounFollows(tokens, i, isBeardNoun, 2) >= 0) colour = HAIR_COLOUR_WORDS[word] ?? null;
    }
  }
  return { colour, styles: [...styles] };
}

const SHADE_WORDS = new Set(['light', 'dark', 'pale', 'bright', 'pastel', 'deep', 'soft']);

function colourAt(tokens: string[], i: number): string | null {
  const word = tokens[i] ?? '';
  if (word === 'sky' || word === 'baby') return tokens[i + 1] === 'blue' ? 'light blue' : null;
  if (!CLOTHING_COLOURS[word]) return null;
  const shade = tokens[i - 1] ?? '';
  if (SHADE_WORDS.has(shade)) {
    const normalisedShade = shade === 'pale' || shade === 'pastel' || shade === 'soft' ? 'light' : shade === 'deep' ? 'dark' : shade;
    return `${normalisedShade} ${word === 'gray' ? 'grey' : word}`;
  }
  return word === 'gray' ? 'grey' : word;
}

function readClothing(tokens: string[]): { type: ClothingType | null; colour: string | null } {
  let type: ClothingType | null = null;
  let colour: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    const found = clothingFor(word);
    // 'top' is clothing only after a colour or 'a'/'tank' ('on top of' is not).
    if (!found || (word === 'top' && !(colourAt(tokens, i - 1) || ['a', 'tank', 'crop'].includes(tokens[i - 1] ?? '')))) continue;
    let thisType: ClothingType = found;
    if (found === 't-shirt' && tokens[i - 1] === 'graphic') thisType = 'graphic t-shirt';
    if (found === 'shirt' && ['polo'].includes(tokens[i - 1] ?? '')) thisType = 'polo';
    if (found === 'top' && tokens[i - 1] === 'tank') thisType = 'tank top';
    type ??= thisType;
    if (colour === null) {
      // Colour words just before the garment ('a navy and white striped shirt' reads as navy) ...
      let start = i;
      for (let j = i - 1; j >= Math.max(0, i - 5); j--) {
        const previous = tokens[j] ?? '';
        if (PUNCTUATION.has(previous) || isHairNoun(previous) || isClothingNoun(previous) || PERSON_NOUNS.has(previous)) break;
        start = j;
      }
      for (let j = start; j < i && colour === null; j++) colour = colourAt(tokens, j);
      // ... or just after it ('a blazer in navy').
      if (colour === null && ['in', 'of'].includes(tokens[i + 1] ?? '')) colour = colourAt(tokens, i + 2) ?? colourAt(tokens, i + 3);
    }
    if (type !== null && colour !== null) break;
  }
  if (colour === null) {
    // 'dressed in green', 'wearing black'
    for (let i = 0; i < tokens.length - 1 && colour === null; i++) {
      const word = tokens[i] ?? '';
      if ((word === 'dressed' || word === 'clad') && tokens[i + 1] === 'in') colour = colourAt(tokens, i + 2) ?? colourAt(tokens, i + 3);
      else if (word === 'wearing' || word === 'wears') {
        const next = colourAt(tokens, i + 1) ?? colourAt(tokens, i + 2);
        if (next && nounFollows(tokens, i, isHairNoun, 4) < 0) colour = next;
      }
    }
  }
  return { type, colour };
}

function readAccessories(tokens: string[]): { eyewear: Eyewear | null; headwear: Headwear | null; facialHair: FacialHair | null } {
  let eyewear: Eyewear | null = null;
  let headwear: Headwear | null = null;
  let facialHair: FacialHair | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    if (['sunglasses', 'shades', 'sunnies'].includes(word)) eyewear = 'sunglasses';
    else if (eyewear === null && ['glasses', 'spectacles', 'eyeglasses', 'specs', 'bespectacled'].includes(word)) eyewear = 'glasses';
    if (headwear === null) {
      if (['hijab', 'headscarf'].includes(word)) headwear = 'hijab';
      else if (word === 'turban') headwear = 'turban';
      else if (['beanie', 'toque'].includes(word)) headwear = 'beanie';
      else if (['cap', 'baseball'].includes(word)) headwear = 'cap';
      else if (['hat', 'fedora', 'sunhat'].includes(word)) headwear = 'hat';
    }
    if (['beard', 'bearded', 'goatee'].includes(word)) facialHair = 'beard';
    else if (facialHair === null && ['moustache', 'mustache', 'moustached', 'mustached'].includes(word)) facialHair = 'moustache';
    else if (facialHair === null && word === 'stubble') facialHair = 'stubble';
    else if (facialHair === null && (word === 'clean-shaven' || (word === 'shaven' && tokens[i - 1] === 'clean'))) facialHair = 'clean-shaven';
  }
  return { eyewear, headwear, facialHair };
}

function readSkin(tokens: string[]): SkinTone | null {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const tone = SKIN_WORDS[word];
    if (tone && ['skin', 'skinned', 'complexion', 'toned'].includes(next)) return tone;
    if (tone && next === 'brown' && tokens[i + 2] === 'skin') return tone === 'light' ? 'tan' : 'dark';
    const personTone = PERSON_COLOUR_SKIN[word];
    if (personTone && PERSON_NOUNS.has(next)) return personTone;
  }
  return null;
}

function readSetting(tokens: string[]): { setting: Setting; stated: boolean } {
  const joined = ` ${tokens.filter((token) => !PUNCTUATION.has(token)).join(' ')} `;
  const has = (phrase: string) => joined.includes(` ${phrase} `) || (!phrase.includes(' ') && joined.includes(` ${phrase}s `));
  for (const rule of SETTING_RULES) if (rule.strong.some(has)) return { setting: rule.setting, stated: true };
  for (const rule of SETTING_RULES) if (rule.weak.some(has)) return { setting: rule.setting, stated: true };
  return { setting: 'studio', stated: false };
}

export function readDescription(description: string): AvatarTraits {
  const tokens = expandHyphens(tokenise(description));
  const { age, stated: ageStated } = readAge(tokens);
  const hair = readHair(tokens);
  const clothing = readClothing(tokens);
  const accessories = readAccessories(tokens);
  const { setting, stated: settingStated } = readSetting(tokens);
  const stated = readGender(tokens);
  // A beard or moustache with no other cue reads as a man ('a chef with a beard').
  const gender = stated === 'neutral' && accessories.facialHair !== null && accessories.facialHair !== 'clean-shaven' && !tokens.some((t) => NEUTRAL_WORDS.has(t)) ? 'male' : stated;
  return {
    gender,
    age,
    ageStated,
    hairColour: hair.colour,
    hairStyles: hair.styles,
    clothingType: clothing.type,
    clothingColour: clothing.colour,
    eyewear: accessories.eyewear,
    headwear: accessories.headwear,
    facialHair: accessories.facialHair,
    skinTone: readSkin(tokens),
    setting,
    settingStated,
  };
}

/** The traits as short human-readable strings (the `traits` of an AvatarImage). */
export function describeTraits(traits: AvatarTraits): Record<string, string> {
  const hair = traits.hairStyles.includes('bald')
    ? 'bald'
    : [traits.hairStyles.filter((style) => style !== 'bald').join(' '), traits.hairColour ?? ''].filter(Boolean).join(' ') || 'any';
  const clothing = [traits.clothingColour ?? '', traits.clothingType ?? ''].filter(Boolean).join(' ') || 'any';
  const accessories = [traits.eyewear, traits.headwear, traits.facialHair].filter((item): item is NonNullable<typeof item> => item !== null);
  return {
    gender: traits.gender,
    age: traits.age,
    hair,
    clothing,
    accessories: accessories.length > 0 ? accessories.join(', ') : 'none',
    skinTone: traits.skinTone ?? 'any',
    setting: traits.setting,
  };
}
