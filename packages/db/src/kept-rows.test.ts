import { describe, expect, it } from 'vitest';
import { answerFromKept, keptAnswer } from './kept-rows.ts';

const stored = () => ({
  rows: [
    {
      id: 'p1',
      title: 'Reel',
      created_at: new Date(5),
      scenes: JSON.parse('[{"sceneId":"s1","text":"a","tags":["x"]}]') as Array<{ sceneId: string; text: string; tags: string[] }>,
      params: JSON.parse('{"__proto__":{"polluted":true},"script":"s"}') as Record<string, unknown>,
      bytes: new Uint8Array([1, 2]),
      none: null,
    },
  ],
  fields: [{ name: 'id', dataTypeID: 2950 }],
  affectedRows: 0,
});

describe('kept answers of the embedded read cache', () => {
  it('keeps a copy the reader cannot reach, its JSON values frozen', () => {
    const original = stored();
    const kept = keptAnswer(original);
    original.rows[0]!.scenes[0]!.text = 'changed by the first reader';
    original.rows[0]!.created_at.setTime(9);
    expect(kept.rows[0]!.scenes[0]!.text).toBe('a');
    expect(kept.rows[0]!.created_at.getTime()).toBe(5);
    expect(Object.isFrozen(kept.rows[0]!.scenes[0]!.tags)).toBe(true);
    expect(Object.isFrozen(kept.fields[0])).toBe(true);
  });

  it('gives each reader rows, dates and bytes of its own, and shared JSON no reader can change', () => {
    const kept = keptAnswer(stored());
    const [a, b] = [answerFromKept(kept), answerFromKept(kept)];
    expect(a).toEqual(stored());
    a.rows[0]!.title = 'renamed by a caller';
    a.rows[0]!.created_at.setTime(7);
    a.rows[0]!.bytes[0] = 9;
    expect(b.rows[0]).toMatchObject({ title: 'Reel', bytes: new Uint8Array([1, 2]) });
    expect(b.rows[0]!.created_at.getTime()).toBe(5);
    expect(() => a.rows[0]!.scenes[0]!.tags.push('y')).toThrow(TypeError);
    expect(() => ((a.rows[0]!.params as { script: string }).script = 'changed')).toThrow(TypeError);
    expect(answerFromKept(kept).rows[0]!.scenes).toEqual([{ sceneId: 's1', text: 'a', tags: ['x'] }]);
  });

  it('keeps a `__proto__` key of stored JSON as a key, and a column of that name as a column', () => {
    const withColumn = { rows: [JSON.parse('{"__proto__":{"isAdmin":true},"id":"p1"}') as Record<string, unknown>] };
    const answer = answerFromKept(keptAnswer(withColumn));
    expect(Object.getPrototypeOf(answer.rows[0])).toBe(Object.prototype);
    expect(Object.keys(answer.rows[0]!)).toEqual(['__proto__', 'id']);
    expect((answer.rows[0] as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    const params = answerFromKept(keptAnswer(stored())).rows[0]!.params;
    expect(Object.keys(params)).toEqual(['__proto__', 'script']);
    expect((params as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
