import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { apiTransformer } from './transformer.ts';

describe('apiTransformer', () => {
  const list = () => [{ id: 'job-1', percent: 40, updatedAt: new Date('2026-11-26T03:00:00Z') }];

  it('serialises as superjson does, and reads back what it wrote', () => {
    const value = list();
    expect(apiTransformer.serialize(value)).toEqual(superjson.serialize(value));
    expect(apiTransformer.deserialize(apiTransformer.serialize(Object.freeze(value)))).toEqual(value);
  });

  it('makes the serialised form of a frozen value once, and of anything else every time', () => {
    const frozen = Object.freeze(list());
    expect(apiTransformer.serialize(frozen)).toBe(apiTransformer.serialize(frozen));
    const open = list();
    const first = apiTransformer.serialize(open);
    open[0]!.percent = 80;
    const second = apiTransformer.serialize(open);
    expect(second).not.toBe(first);
    expect((second as { json: { percent: number }[] }).json[0]!.percent).toBe(80);
  });

  it('passes primitives and null through superjson', () => {
    expect(apiTransformer.serialize(null)).toEqual(superjson.serialize(null));
    expect(apiTransformer.serialize('text')).toEqual(superjson.serialize('text'));
  });
});
