import { describe, expect, it } from 'vitest';
import { copyOf } from './copy-of.ts';

describe('copyOf', () => {
  it('shares nothing with the original: nested JSON, dates and bytes', () => {
    const original = { rows: [{ at: new Date(5), scenes: [{ text: 'a', tags: ['x'] }], bytes: new Uint8Array([1, 2]), none: null }], affectedRows: 0 };
    const copy = copyOf(original);
    expect(copy).toEqual(original);
    copy.rows[0]!.scenes[0]!.tags.push('y');
    copy.rows[0]!.at.setTime(9);
    copy.rows[0]!.bytes[0] = 7;
    expect(original.rows[0]!.scenes[0]!.tags).toEqual(['x']);
    expect(original.rows[0]!.at.getTime()).toBe(5);
    expect(original.rows[0]!.bytes[0]).toBe(1);
  });

  it('keeps a `__proto__` key of parsed JSON as a key, not as the copy’s prototype', () => {
    const stored = JSON.parse('{"params": {"__proto__": {"final": {"transition": "fade"}}, "title": "t"}}') as { params: Record<string, unknown> };
    const copy = copyOf(stored);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(stored));
    expect(Object.getPrototypeOf(copy.params)).toBe(Object.prototype);
    expect((copy.params as { final?: unknown }).final).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy.params, '__proto__')?.value).toEqual({ final: { transition: 'fade' } });
  });
});
