// Turns description traits into concrete avataaars options for one variation. Each variation draws
// from the same trait-respecting candidate lists in a seeded order, so the four differ (hair style,
// shade, skin, facial hair, backdrop palette) while all follow the description.
import type { AvatarModel } from '../engines.ts';
import { bareHex, darken, lighten, pick, seededRandom, shuffled } from './drawing.ts';
import { CLOTHING_COLOURS, type AvatarTraits, type ClothingType, type HairColour, type Setting, type SkinTone } from './description-traits.ts';
import type { SceneTreatment } from './scene-backgrounds.ts';

type Top =
  | 'hat' | 'hijab' | 'turban' | 'winterHat02' | 'winterHat03' | 'bob' | 'bun' | 'curly' | 'curvy' | 'dreads' | 'dreads01'
  | 'dreads02' | 'fro' | 'froBand' | 'longButNotTooLong' | 'shavedSides' | 'straight02' | 'straight01' | 'straightAndStrand'
  | 'frizzle' | 'shaggy' | 'shaggyMullet' | 'shortCurly' | 'shortFlat' | 'shortRound' | 'shortWaved' | 'sides' | 'theCaesar'
  | 'theCaesarAndSidePart';
type Clothing = 'blazerAndShirt' | 'blazerAndSweater' | 'collarAndSweater' | 'graphicShirt' | 'hoodie' | 'overall' | 'shirtCrewNeck' | 'shirtScoopNeck' | 'shirtVNeck';
type FacialHairPiece = 'beardLight' | 'beardMajestic' | 'beardMedium' | 'moustacheFancy' | 'moustacheMagnum';
type Glasses = 'prescription01' | 'prescription02' | 'round' | 'sunglasses' | 'wayfarers';

/** Closed and open mouths for the two lip-sync frames; everything else stays the same. */
export const MOUTH_CLOSED = 'twinkle';
export const MOUTH_OPEN = 'smile';
/** The eyes of the blink frame. */
export const EYES_SHUT = 'closed';

const TOP_NAMES: Readonly<Record<Top, string>> = {
  hat: 'under a hat', hijab: 'hijab', turban: 'turban', winterHat02: 'under a beanie', winterHat03: 'under a beanie',
  bob: 'bob', bun: 'bun', curly: 'curly', curvy: 'long wavy', dreads: 'long dreadlocks', dreads01: 'short dreadlocks',
  dreads02: 'frizzy', fro: 'afro', froBand: 'afro with a band', longButNotTooLong: 'long', shavedSides: 'swept side',
  straight02: 'long straight', straight01: 'long straight', straightAndStrand: 'long straight', frizzle: 'short curly',
  shaggy: 'shaggy', shaggyMullet: 'shaggy', shortCurly: 'short curly', shortFlat: 'short', shortRound: 'short',
  shortWaved: 'short wavy', sides: 'balding', theCaesar: 'cropped', theCaesarAndSidePart: 'side-parted',
};

const CLOTHING_NAMES: Readonly<Record<Clothing, string>> = {
  blazerAndShirt: 'blazer over a shirt', blazerAndSweater: 'blazer over a sweater', collarAndSweater: 'sweater with a collar',
  graphicShirt: 'graphic t-shirt', hoodie: 'hoodie', overall: 'apron', shirtCrewNeck: 't-shirt', shirtScoopNeck: 'scoop-neck top',
  shirtVNeck: 'v-neck shirt',
};

const HAIR_SHADES: Readonly<Record<HairColour, readonly string[]>> = {
  blonde: ['d6b370', 'e2c384', 'c9a25a'],
  brown: ['724133', '8a5a3b', '5e3a26'],
  black: ['2c1b18', '3b2a26', '1f1716'],
  red: ['c93305', 'b8471f', 'd4572a'],
  auburn: ['a55728', '8f4522', 'b5643a'],
  grey: ['e8e1e1', 'c9c4c4', 'b8b3b0'],
  white: ['f4f1ee', 'e8e1e1', 'fbfaf8'],
  pink: ['f59797', 'f2a7c3'],
  blue: ['5b8def', '4a7bd0'],
  purple: ['9b6bd1', '8a55c7'],
  green: ['5fb37a', '4e9d5b'],
};
const NATURAL_HAIR: readonly HairColour[] = ['black', 'brown', 'brown', 'auburn', 'blonde', 'black'];

const SKIN: Readonly<Record<SkinTone, string>> = {
  pale: 'ffdbb4',
  light: 'edb98a',
  medium: 'd08b5b',
  tan: 'c27c4a',
  brown: 'ae5d29',
  dark: '614335',
};
const ANY_SKIN: readonly SkinTone[] = ['light', 'medium', 'brown', 'pale', 'dark', 'tan'];

// Unstated clothing colours: soft primaries for the imagen stand-in, deeper jewel tones for flux.
const CLOTHES_PALETTE: Readonly<Record<AvatarModel, readonly string[]>> = {
  'google-imagen-4-ultra': ['blue', 'coral', 'green', 'purple', 'mustard', 'teal', 'pink', 'navy'],
  'flux-kontext': ['crimson', 'emerald', 'gold', 'cobalt', 'magenta', 'brown', 'olive', 'charcoal'],
};

function topsFor(traits: AvatarTraits): Top[] {
  if (traits.headwear === 'hijab') return ['hijab'];
  if (traits.headwear === 'turban') return ['turban'];
  if (traits.headwear === 'beanie') return ['winterHat02', 'winterHat03'];
  if (traits.headwear === 'hat' || traits.headwear === 'cap') return ['hat'];
  const styles = new Set(traits.hairStyles);
  const female = traits.gender === 'female';
  const male = traits.gender === 'male';
  const tops: Top[] = [];
  if (styles.has('bald')) return male || traits.age === 'senior' ? ['sides'] : [];
  if (styles.has('afro')) tops.push('fro', 'froBand');
  if (styles.has('dreadlocks') || styles.has('braids')) tops.push(...(male ? (['dreads01', 'dreads'] as const) : (['dreads', 'dreads01'] as const)));
  if (styles.has('bun') || styles.has('ponytail')) tops.push('bun');
  if (styles.has('bob')) tops.push('bob');
  if (styles.has('curly')) tops.push(...(male ? (['shortCurly', 'frizzle'] as const) : (['curly', 'curvy'] as const)));
  if (styles.has('wavy')) tops.push(...(male ? (['shortWaved', 'shaggy'] as const) : (['curvy', 'longButNotTooLong'] as const)));
  if (styles.has('long')) tops.push(...(male ? (['shaggy', 'shaggyMullet', 'dreads01'] as const) : (['longButNotTooLong', 'straight01', 'straight02', 'straightAndStrand'] as const)));
  if (styles.has('straight')) tops.push(...(male ? (['shortFlat', 'theCaesarAndSidePart'] as const) : (['straight01', 'straight02', 'straightAndStrand'] as const)));
  if (styles.has('short')) tops.push(...(female ? (['bob', 'shortWaved', 'shortCurly'] as const) : (['shortFlat', 'shortRound', 'shortWaved', 'theCaesar', 'theCaesarAndSidePart'] as const)));
  if (tops.length > 0) {
    // Keep the stated styles first (a 'curly bob' is a curly bob, not a long straight cut).
    return [...new Set(tops)];
  }
  if (female) return ['longButNotTooLong', 'bob', 'curvy', 'straight01', 'bun', 'straightAndStrand', 'curly'];
  if (male) {
    return traits.age === 'senior'
      ? ['sides', 'theCaesarAndSidePart', 'shortFlat', 'theCaesar']
      : ['shortFlat', 'theCaesarAndSidePart', 'shortWaved', 'shortRound', 'shortCurly', 'theCaesar'];
  }
  return ['shortWaved', 'bob', 'shortCurly', 'shaggy', 'curly', 'theCaesarAndSidePart'];
}

const CLOTHING_BY_TYPE: Readonly<Record<ClothingType, readonly Clothing[]>> = {
  blazer: ['blazerAndShirt', 'blazerAndSweater'],
  suit: ['blazerAndShirt', 'blazerAndSweater'],
  jacket: ['blazerAndShirt', 'blazerAndSweater'],
  coat: ['blazerAndSweater', 'blazerAndShirt'],
  hoodie: ['hoodie'],
  sweater: ['collarAndSweater'],
  cardigan: ['blazerAndSweater', 'collarAndSweater'],
  turtleneck: ['collarAndSweater'],
  polo: ['collarAndSweater'],
  't-shirt': ['shirtCrewNeck', 'shirtVNeck'],
  'graphic t-shirt': ['graphicShirt'],
  shirt: ['shirtVNeck', 'collarAndSweater', 'shirtCrewNeck'],
  blouse: ['shirtScoopNeck', 'shirtVNeck'],
  top: ['shirtScoopNeck', 'shirtVNeck'],
  'tank top': ['shirtScoopNeck'],
  dress: ['shirtScoopNeck'],
  apron: ['overall'],
  overalls: ['overall'],
  uniform: ['shirtVNeck', 'shirtCrewNeck'],
  scrubs: ['shirtVNeck'],
};

const CLOTHING_BY_SETTING: Readonly<Record<Setting, readonly Clothing[]>> = {
  office: ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater'],
  kitchen: ['overall', 'shirtVNeck', 'collarAndSweater'],
  gym: ['shirtCrewNeck', 'hoodie', 'shirtScoopNeck'],
  studio: ['blazerAndSweater', 'shirtVNeck', 'collarAndSweater', 'shirtCrewNeck'],
  outdoors: ['hoodie', 'shirtCrewNeck', 'collarAndSweater'],
  'living-room': ['collarAndSweater', 'shirtCrewNeck', 'hoodie', 'shirtScoopNeck'],
  cafe: ['overall', 'shirtVNeck', 'collarAndSweater'],
  store: ['overall', 'shirtCrewNeck', 'blazerAndShirt'],
  classroom: ['collarAndSweater', 'blazerAndSweater', 'shirtVNeck'],
  beach: ['shirtScoopNeck', 'shirtVNeck', 'shirtCrewNeck'],
};

function clothingFor(traits: AvatarTraits): readonly Clothing[] {
  if (traits.clothingType) return CLOTHING_BY_TYPE[traits.clothingType];
  const forSetting = CLOTHING_BY_SETTING[traits.setting];
  // Scoop necks read as feminine in this style; men get the other options.
  return traits.gender === 'male' ? forSetting.filter((item) => item !== 'shirtScoopNeck') : forSetting;
}

/** A named clothing colour ('light blue', 'navy') as hex, or null when the name is unknown. */
export function clothingColourHex(name: string): string | null {
  const [first, second] = name.split(' ');
  if (second === undefined) return CLOTHING_COLOURS[first ?? ''] ? `#${CLOTHING_COLOURS[first ?? '']}` : null;
  const base = CLOTHING_COLOURS[second];
  if (!base) return null;
  if (first === 'light') return lighten(`#${base}`, 0.4);
  if (first === 'dark') return darken(`#${base}`, 0.35);
  return `#${base}`;
}

function facialHairFor(traits: AvatarTraits, random: () => number, index: number): FacialHairPiece | null {
  if (traits.gender !== 'male') return null;
  switch (traits.facialHair) {
    case 'beard':
      return pick(random, traits.age === 'senior' ? ['beardMedium', 'beardMajestic', 'beardLight'] : ['beardLight', 'beardMedium']);
    case 'moustache':
      return pick(random, ['moustacheFancy', 'moustacheMagnum']);
    case 'stubble':
      return 'beardLight';
    case 'clean-shaven':
      return null;
    default:
      // Unstated: half the variations get a light or medium beard.
      return index % 2 === 1 ? pick(random, ['beardLight', 'beardMedium']) : null;
  }
}

function glassesFor(traits: AvatarTraits, random: () => number, index: number): Glasses | null {
  if (traits.eyewear === 'sunglasses') return pick(random, ['wayfarers', 'sunglasses']);
  if (traits.eyewear === 'glasses') return pick(random, ['prescription02', 'prescription01', 'round']);
  // Unstated for seniors: one variation in four wears reading glasses.
  return traits.age === 'senior' && index === 2 ? 'prescription02' : null;
}

export interface AvatarLook {
  /** DiceBear avataaars options without the mouth (the caller adds closed or open). */
  options: Record<string, unknown>;
  /** Palette index for the scene background. */
  backgroundVariation: number;
  treatment: SceneTreatment;
  /** Human-readable traits this look follows. */
  traits: Record<string, string>;
}

/**
 * The look of variation `index` for a description. Deterministic: the same traits, model, seed and
 * index always give the same look.
 */
export function avatarLook(traits: AvatarTraits, model: AvatarModel, seedText: string, index: number): AvatarLook {
  const order = seededRandom(`order|${seedText}|${model}`);
  const random = seededRandom(`look|${seedText}|${model}|${index}`);
  const tops = shuffled(order, topsFor(traits));
  const clothes = shuffled(order, clothingFor(traits));
  const skins = shuffled(order, ANY_SKIN);
  const hairColours = shuffled(order, traits.age === 'senior' ? (['grey', 'white', 'grey'] as const) : NATURAL_HAIR);
  const clothesColours = shuffled(order, CLOTHES_PALETTE[model]);
  const backgrounds = shuffled(order, [0, 1, 2, 3]);

  const top = tops.length > 0 ? (tops[index % tops.length] as Top) : null;
  const clothing = clothes[index % clothes.length] as Clothing;
  const skinTone = traits.skinTone ?? (skins[index % skins.length] as SkinTone);
  // Unstated hair on deeper skin tones stays dark, as it most often is.
  const darkHair = shuffled(order, ['black', 'black', 'brown'] as const);
  const hairColour =
    traits.hairColour ??
    (traits.age !== 'senior' && (skinTone === 'dark' || skinTone === 'brown') ? darkHair[index % darkHair.length] : hairColours[index % hairColours.length]) as HairColour;
  const hairShades = HAIR_SHADES[hairColour];
  const hairHex = hairShades[index % hairShades.length] as string;
  // Stated colours keep their hue and vary only in shade; unstated ones vary across the palette.
  const colourName = traits.clothingColour ?? (clothesColours[index % clothesColours.length] as string);
  const baseColour = clothingColourHex(colourName) ?? '#3f7fd1';
  const shade = [0, 0.14, -0.14, 0.24][index % 4] ?? 0;
  const clothesHex = shade >= 0 ? lighten(baseColour, shade) : darken(baseColour, -shade);
  const facialHair = facialHairFor(traits, random, index);
  const glasses = glassesFor(traits, random, index);
  const flux = model === 'flux-kontext';

  const options: Record<string, unknown> = {
    seed: `${seedText}|${model}|${index}`,
    style: ['default'],
    backgroundColor: [],
    top: top ? [top] : [],
    topProbability: top ? 100 : 0,
    hairColor: [bareHex(`#${hairHex}`)],
    hatColor: [bareHex(traits.headwear === 'hijab' || traits.headwear === 'turban' ? darken(clothesHex, 0.2) : lighten(clothesHex, 0.2))],
    clothing: [clothing],
    clothesColor: [bareHex(clothesHex)],
    clothingGraphic: [pick(random, ['diamond', 'bear', 'deer', 'pizza'] as const)],
    skinColor: [SKIN[skinTone]],
    eyes: [flux ? pick(random, ['happy', 'default'] as const) : pick(random, ['default', 'default', 'happy'] as const)],
    eyebrows: [pick(random, flux ? (['defaultNatural', 'default'] as const) : (['defaultNatural', 'default', 'defaultNatural'] as const))],
    nose: ['default'],
    facialHair: facialHair ? [facialHair] : [],
    facialHairProbability: facialHair ? 100 : 0,
    facialHairColor: [bareHex(`#${hairHex}`)],
    accessories: glasses ? [glasses] : [],
    accessoriesProbability: glasses ? 100 : 0,
    accessoriesColor: [glasses === 'prescription01' || glasses === 'prescription02' || glasses === 'round' ? pick(random, ['262e33', '3c4f5c', '25557c']) : '262e33'],
  };

  const hairName = top === null ? 'bald' : top === 'hijab' || top === 'turban' || top.startsWith('winterHat') || top === 'hat' ? TOP_NAMES[top] : `${TOP_NAMES[top]} ${hairColour}`;
  return {
    options,
    backgroundVariation: backgrounds[index % backgrounds.length] ?? 0,
    treatment: flux ? 'golden' : 'daylight',
    traits: {
      gender: traits.gender,
      age: traits.age,
      hair: hairName,
      clothing: `${colourName} ${traits.clothingType ?? CLOTHING_NAMES[clothing]}`,
      accessories: [glasses ? (glasses === 'sunglasses' || glasses === 'wayfarers' ? 'sunglasses' : 'glasses') : '', facialHair ? (facialHair.startsWith('beard') ? 'beard' : 'moustache') : ''].filter(Boolean).join(', ') || 'none',
      skinTone,
      setting: traits.setting,
    },
  };
}
