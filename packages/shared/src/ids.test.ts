import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it('takes UUIDs in either case and nothing else', () => {
    expect(isUuid('4d135563-13a9-4219-a676-6f4e6a1dc627')).toBe(true);
    expect(isUuid('4D135563-13A9-4219-A676-6F4E6A1DC627')).toBe(true);
    for (const value of ['', 'not-a-uuid', "1' OR '1'='1", '4d135563-13a9-4219-a676-6f4e6a1dc627\n', ` 4d135563-13a9-4219-a676-6f4e6a1dc627`, 42, null, undefined]) expect(isUuid(value)).toBe(false);
  });
});
