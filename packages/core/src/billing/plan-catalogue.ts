import type { BillingInterval } from '@reelsmith/db';

export interface CatalogueEntry {
  code: string;
  name: string;
  description: string;
  billingInterval: BillingInterval;
  priceCents: number;
  features: string[];
  allowDownload: boolean;
  /** Videos per billing period (lifetime for Free); null is unlimited. */
  videoLimit: number | null;
  maxReelSeconds: number;
  allowedQualities: ('standard' | 'high')[];
  watermark: boolean;
  sortOrder: number;
}

const YEARLY_DISCOUNT = 0.2;

/** Yearly price in cents: twelve months less 20%. */
export function yearlyPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));
}

interface Tier {
  key: string;
  name: string;
  description: string;
  monthlyCents: number;
  videoLimit: number | null;
  maxReelSeconds: number;
  features: string[];
}

const paidTiers: Tier[] = [
  {
    key: 'starter',
    name: 'Starter',
    description: 'For creators getting started with avatar videos.',
    monthlyCents: 1900,
    videoLimit: 10,
    maxReelSeconds: 30,
    features: ['10 videos per month', 'Reels up to 30 seconds', 'HD 1080p export', 'No watermark', 'Downloads included', 'Avatar holding your product', '25+ voices'],
  },
  {
    key: 'pro',
    name: 'Pro',
    description: 'For creators and small brands publishing every week.',
    monthlyCents: 4900,
    videoLimit: 40,
    maxReelSeconds: 55,
    features: ['40 videos per month', 'Reels up to 55 seconds', 'HD 1080p export', 'No watermark', 'Downloads included', 'Avatar holding your product', '25+ voices'],
  },
  {
    key: 'business',
    name: 'Business',
    description: 'For teams and agencies producing at volume.',
    monthlyCents: 9900,
    videoLimit: null,
    maxReelSeconds: 55,
    features: ['Unlimited videos', 'Reels up to 55 seconds', 'HD 1080p export', 'No watermark', 'Downloads included', 'Avatar holding your product', 'Priority support'],
  },
];

/** The seeded plan catalogue: Free, and each paid tier billed monthly or yearly (yearly saves 20%). */
export const planCatalogue: CatalogueEntry[] = [
  {
    code: 'free',
    name: 'Free',
    description: 'Try it out: one short watermarked video.',
    billingInterval: 'free',
    priceCents: 0,
    features: ['1 video (lifetime)', 'Reels up to 20 seconds', 'Standard 360p with watermark', 'Avatar holding your product', 'No downloads'],
    allowDownload: false,
    videoLimit: 1,
    maxReelSeconds: 20,
    allowedQualities: ['standard'],
    watermark: true,
    sortOrder: 0,
  },
  ...paidTiers.flatMap((tier, i): CatalogueEntry[] =>
    (['monthly', 'yearly'] as const).map((interval) => ({
      code: `${tier.key}-${interval}`,
      name: tier.name,
      description: tier.description,
      billingInterval: interval,
      priceCents: interval === 'monthly' ? tier.monthlyCents : yearlyPriceCents(tier.monthlyCents),
      features: tier.features,
      allowDownload: true,
      videoLimit: tier.videoLimit === null ? null : interval === 'monthly' ? tier.videoLimit : tier.videoLimit * 12,
      maxReelSeconds: tier.maxReelSeconds,
      allowedQualities: ['standard', 'high'],
      watermark: false,
      sortOrder: (i + 1) * 10,
    })),
  ),
];
