import { describe, expect, it } from 'vitest';
import { describeTraits, readDescription, type AvatarTraits } from './description-traits.ts';

describe('readDescription', () => {
  const cases: [string, Partial<AvatarTraits>][] = [
    [
      'A friendly woman in her 30s with curly red hair, wearing a blue blazer, in a bright modern kitchen',
      { gender: 'female', age: 'middle', hairColour: 'red', hairStyles: ['curly'], clothingType: 'blazer', clothingColour: 'blue', setting: 'kitchen' },
    ],
    [
      'A muscular man in his 20s with short black hair and a grey hoodie at the gym',
      { gender: 'male', age: 'young', hairColour: 'black', hairStyles: ['short'], clothingType: 'hoodie', clothingColour: 'grey', setting: 'gym' },
    ],
    [
      'Elderly gentleman with glasses and a white beard, navy cardigan, sitting on a sofa at home',
      { gender: 'male', age: 'senior', hairColour: 'white', eyewear: 'glasses', facialHair: 'beard', clothingType: 'cardigan', clothingColour: 'navy', setting: 'living-room' },
    ],
    [
      'A 45-year-old businesswoman with a blonde bob in a light blue shirt, home office',
      { gender: 'female', age: 'middle', hairColour: 'blonde', hairStyles: ['bob'], clothingType: 'shirt', clothingColour: 'light blue', setting: 'office' },
    ],
    ['teenage girl with a ponytail and pink t-shirt in a park', { gender: 'female', age: 'young', hairStyles: ['ponytail'], clothingType: 't-shirt', clothingColour: 'pink', setting: 'outdoors' }],
    ['Barista in a coffee shop wearing a green apron', { gender: 'neutral', ageStated: false, clothingType: 'apron', clothingColour: 'green', setting: 'cafe' }],
    ['A dark-skinned man with dreadlocks in a yellow shirt on the beach', { gender: 'male', skinTone: 'dark', hairStyles: ['dreadlocks'], clothingColour: 'yellow', setting: 'beach' }],
    ['A Black woman with an afro wearing a red dress in a clothing store', { gender: 'female', skinTone: 'dark', hairStyles: ['afro'], clothingType: 'dress', clothingColour: 'red', setting: 'store' }],
    ['Teacher with grey hair in front of a chalkboard, wearing a sweater in burgundy', { hairColour: 'grey', clothingType: 'sweater', clothingColour: 'burgundy', setting: 'classroom' }],
    ['presenter, plain background', { gender: 'neutral', age: 'middle', ageStated: false, hairColour: null, clothingType: null, clothingColour: null, setting: 'studio' }],
    ['A bald guy in his 60s wearing sunglasses and a black leather jacket outdoors', { gender: 'male', age: 'senior', hairStyles: ['bald'], eyewear: 'sunglasses', clothingType: 'jacket', clothingColour: 'black', setting: 'outdoors' }],
    ['Chef with a beard cooking', { gender: 'male', facialHair: 'beard', setting: 'kitchen' }],
    ['A 72 year old grandma with silver hair in a yoga studio', { gender: 'female', age: 'senior', hairColour: 'grey', setting: 'gym' }],
    ['young creator with long brown wavy hair, pale skin, white hoodie', { age: 'young', hairColour: 'brown', hairStyles: ['wavy', 'long'], skinTone: 'pale', clothingType: 'hoodie', clothingColour: 'white', setting: 'studio', settingStated: false }],
    ['Teen student in a classroom', { age: 'young', setting: 'classroom' }],
  ];

  it.each(cases)('%s', (description, expected) => {
    const traits = readDescription(description);
    for (const [key, value] of Object.entries(expected)) {
      const actual = traits[key as keyof AvatarTraits];
      if (Array.isArray(value)) expect([...(actual as string[])].sort(), key).toEqual([...value].sort());
      else expect(actual, key).toEqual(value);
    }
  });

  it('does not take the hair colour for the clothing, or the other way round', () => {
    const traits = readDescription('woman with black hair and a white blouse');
    expect(traits.hairColour).toBe('black');
    expect(traits.clothingColour).toBe('white');
  });

  it('prefers a named place over a hint ("a chef in a cafe" is in the cafe)', () => {
    expect(readDescription('a chef in a cafe').setting).toBe('cafe');
    expect(readDescription('fitness coach in a park').setting).toBe('outdoors');
    expect(readDescription('vlogger in her kitchen at home').setting).toBe('kitchen');
  });

  it('is deterministic', () => {
    const text = 'A friendly woman in her 30s with curly red hair, wearing a blue blazer, in a bright modern kitchen';
    expect(readDescription(text)).toEqual(readDescription(text));
  });

  it('describes traits as readable strings', () => {
    const record = describeTraits(readDescription('A friendly woman in her 30s with curly red hair, wearing a blue blazer, in a kitchen'));
    expect(record).toEqual({ gender: 'female', age: 'middle', hair: 'curly red', clothing: 'blue blazer', accessories: 'none', skinTone: 'any', setting: 'kitchen' });
  });
});
