// Small closed word classes of the languages the voices read (en, es, fr, de, it, pt), for finding
// where a phrase may end. Lower case; apostrophes and accents as written.

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** A phrase never ends on one of these: articles, determiners, possessives, prepositions, conjunctions, auxiliaries. */
export const BINDERS = words(`
  a an the my your our their his her its this that these those some any every each no of to for with in on at from by into onto about as than
  and or but nor so because if when while who which whose whom where is are was were be been am will would can could should must may might do does did have has had
  not very really just more most such how what next last own other same few many much all both half whole
  el la los las un una unos unas lo mi mis tu tus su sus nuestro nuestra este esta estos estas ese esa de del al a en con por para sin sobre y e o u pero que cuando si es son muy más
  le les une des du au aux mon ma mes ton ta tes son sa ses notre votre leur ce cet cette ces de à en dans avec pour par sans sur et ou mais que qui quand si est sont très plus
  der die das den dem des ein eine einen einem einer mein meine dein deine sein seine ihr ihre unser unsere zu mit für von bei in im am auf aus nach vor ohne und oder aber dass wenn weil ist sind sehr mehr
  il lo gli i una uno mio mia tuo tua suo sua nostro nostra questo questa di del della dei delle al alla da dal in nel nella con per senza su sul e ed o ma che quando se è sono molto più
  os as um uma uns umas meu minha teu tua seu sua nosso nossa este esta isso do da dos das ao em no na nos nas com para por sem sobre e ou mas que quando se é são muito mais
`);

/** A new phrase may start with one of these: conjunctions and subordinators. */
export const CONJUNCTIONS = words(`
  and but or so because while when whenever if unless which that who where then although though since until
  y e pero o u porque cuando si aunque mientras que donde entonces
  et mais ou car parce quand si bien lorsque qui que où puis alors
  und aber oder denn weil wenn als dass obwohl während wo dann
  e ma o perché quando se anche mentre che dove poi allora
  e mas ou porque quando se embora enquanto que onde então
`);

/** A new phrase may also start with one of these prepositions (a weaker boundary). */
export const PREPOSITIONS = words(`
  for with without to in on at from by after before during into through across over under like
  para con sin en por desde hasta después antes durante sobre como
  pour avec sans dans sur après avant pendant depuis comme chez
  für mit ohne in auf nach vor während seit bei wie
  per con senza in su dopo prima durante da come
  para com sem em depois antes durante desde como
`);

/** A word as the lists hold it: lower case, without surrounding punctuation. */
export function bare(word: string): string {
  return word.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');
}
