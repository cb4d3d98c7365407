const stopwords = new Set(
  'a an the and or but so of to in on at for with from by about as is are was were be been being it its this that these those you your we our i my me they their he she his her them us do does did have has had will would can could should may might just very really more most than then there here what which who how when where why not no yes if into out up down over get got make made let lets'.split(
    ' ',
  ),
);

/** A short, meaningful scene title: the first few content words of the scene, in title case. */
export function sceneTitle(text: string, index: number): string {
  const words = text
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !stopwords.has(w.toLowerCase()));
  const picked = words.slice(0, 4).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
  return picked.length ? picked.join(' ') : `Scene ${index + 1}`;
}
