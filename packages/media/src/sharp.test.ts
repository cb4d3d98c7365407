import realSharp from 'sharp';
import { describe, expect, it } from 'vitest';
import './index.ts';

describe('sharp in the media package', () => {
  it('runs with libvips’ operation cache off, so no picture is answered with another’s', () => {
    const { memory, files, items } = realSharp.cache();
    expect([memory.max, files.max, items.max]).toEqual([0, 0, 0]);
  });
});
