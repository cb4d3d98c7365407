import { isAllowedLinkHref } from '@reelsmith/shared';

// Spec §5: the editor accepts only http, https, mailto and tel links; anything else gets a blank address.

/** The address a link keeps in the editor: itself when allowed, else ''. */
export function editorLinkHref(href: string | null | undefined): string {
  const value = (href ?? '').trim();
  return value && isAllowedLinkHref(value) ? value : '';
}
