import { describe, expect, it } from 'vitest';
import { planCatalogue } from './plan-catalogue.ts';

describe('the plan catalogue claims what each plan gets', () => {
  it('says every plan has the avatar holding the product (step 4 is open to all), and promises nothing the product lacks', () => {
    for (const plan of planCatalogue) {
      expect(plan.features, plan.code).toContain('Avatar holding your product');
      // No queue gives any plan's renders priority: the claim went (issue 20).
      expect(plan.features.join(' '), plan.code).not.toMatch(/priority rendering|4K/i);
    }
  });

  it('states each plan’s reel length, quality and downloads as its entitlements have them', () => {
    for (const plan of planCatalogue) {
      expect(plan.features, plan.code).toContain(`Reels up to ${plan.maxReelSeconds} seconds`);
      expect(plan.features.includes('HD 1080p export'), plan.code).toBe(plan.allowedQualities.includes('high'));
      expect(plan.features.includes(plan.allowDownload ? 'Downloads included' : 'No downloads'), plan.code).toBe(true);
    }
  });
});
