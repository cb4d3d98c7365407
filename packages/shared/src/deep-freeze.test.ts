import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.ts';

describe('deepFreeze', () => {
  it('makes every level read-only and answers the same value', () => {
    const value = { list: [{ name: 'a', tags: ['x'] }], at: { when: 1 } };
    expect(deepFreeze(value)).toBe(value);
    expect(() => value.list.push({ name: 'b', tags: [] })).toThrow(TypeError);
    expect(() => {
      value.list[0]!.tags[0] = 'y';
    }).toThrow(TypeError);
    expect(() => {
      (value.at as { when: number }).when = 2;
    }).toThrow(TypeError);
    expect(value).toEqual({ list: [{ name: 'a', tags: ['x'] }], at: { when: 1 } });
  });

  it('leaves plain values as they are', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('text')).toBe('text');
    expect(deepFreeze(3)).toBe(3);
  });
});
