import { describe, expect, it } from 'vitest';
import { entityTag, expectedVersions } from './conditional.ts';

describe('If-Match', () => {
  it('names no condition when absent or *', () => {
    expect(expectedVersions(undefined)).toBeUndefined();
    expect(expectedVersions('*')).toBeUndefined();
    expect(expectedVersions(' * ')).toBeUndefined();
  });
  it('reads the strong versions of a list', () => {
    expect(expectedVersions(entityTag(7))).toEqual([7]);
    expect(expectedVersions('"3", W/"4" , "5"')).toEqual([3, 5]);
    expect(expectedVersions(['"3"', '"8"'])).toEqual([3, 8]);
  });
  it.each(['W/"7"', '7', '"7', '"7.0"', '"abc"', '""', '"7", *', '"-1"', '"07"', '"0"', '"1234567890"'])('never matches %s (strong comparison; garbled tags name no version)', (header) => {
    expect(expectedVersions(header)).toEqual([0]);
  });
});
