import { describe, expect, it } from 'vitest';
import { parseJobInput } from './job-inputs.ts';

describe('generation job inputs', () => {
  it('reads back what each kind is started with', () => {
    expect(parseJobInput('videos', { quality: 'high', watermark: false })).toEqual({ quality: 'high', watermark: false });
    // A merge queued before captions existed reads as one without them.
    expect(parseJobInput('final', { transition: 'fade', sceneOrder: ['s1', 's2'] })).toEqual({ transition: 'fade', sceneOrder: ['s1', 's2'], captions: false, captionStyle: 'clean', captionPosition: 'bottom' });
    expect(parseJobInput('final', { transition: 'none', captions: true, captionStyle: 'highlight', captionPosition: 'top' })).toMatchObject({ captions: true, captionStyle: 'highlight', captionPosition: 'top' });
    expect(() => parseJobInput('final', { transition: 'none', captions: true, captionStyle: 'comic' })).toThrow();
    expect(parseJobInput('avatar_product', { productKey: 'projects/p/product/a.png', interactionPrompt: 'holds it', aspect: '9:16' }).aspect).toBe('9:16');
  });

  it("refuses another kind's payload, a missing field, a wrong type and an unknown field", () => {
    expect(() => parseJobInput('videos', { transition: 'fade' })).toThrow();
    expect(() => parseJobInput('final', {})).toThrow();
    expect(() => parseJobInput('videos', { quality: 'ultra', watermark: false })).toThrow();
    expect(() => parseJobInput('videos', { quality: 'high', watermark: 'no' })).toThrow();
    expect(() => parseJobInput('final', { transition: 'none', script: '<script>' })).toThrow();
  });
});
