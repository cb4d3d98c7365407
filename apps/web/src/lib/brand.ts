// The company details shown in the footer and on support lines; overridable per deployment through Vite env.
import { productName } from '@reelsmith/ui';

const env = import.meta.env;

export const brand = {
  productName,
  tagline: 'AI talking-avatar videos in 30 seconds',
  companyLegalName: env.VITE_COMPANY_LEGAL_NAME || 'Reelsmith Labs, Inc.',
  companyAddress: env.VITE_COMPANY_ADDRESS || '548 Market St, Suite 300, San Francisco, CA 94104',
  supportEmail: env.VITE_SUPPORT_EMAIL || 'support@reelsmith.app',
  supportPhone: env.VITE_SUPPORT_PHONE || '+1 (415) 555-0142',
} as const;

/** The phone number as a `tel:` link target (digits and a leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function pageTitle(page?: string): string {
  return page ? `${page} · ${brand.productName}` : `${brand.productName} — ${brand.tagline}`;
}
