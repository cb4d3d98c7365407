// sharp for the whole media package, with libvips' operation cache turned off. The cache keys an input
// Buffer by its memory address and a file by its path: a buffer freed and another allocated at the same
// address (the same size, the same operation) is answered from the cache with the old one's result —
// one customer's picture for another's, or one product layout for another (seen once in the suite, the
// 'raised' layout drawn where 'held in hand' goes). Every picture we process is new: nothing is lost.
// https://github.com/lovell/sharp/issues/436, https://sharp.pixelplumbing.com/api-utility#cache
import sharp from 'sharp';

sharp.cache(false);

export default sharp;
export type { Metadata, OverlayOptions } from 'sharp';
