import { describe, expect, it } from 'vitest';
import { worksDuringMaintenance } from './maintenance-rules.ts';

describe('worksDuringMaintenance', () => {
  it('keeps only the public share page', () => {
    expect(worksDuringMaintenance('/s/abcDEF123456')).toBe(true);
    expect(worksDuringMaintenance('/')).toBe(false);
    expect(worksDuringMaintenance('/project/new')).toBe(false);
    expect(worksDuringMaintenance('/s/')).toBe(false);
  });
});
