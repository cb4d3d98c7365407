import { useEffect } from 'react';

export const appTitle = 'Reelsmith Admin';

export function adminPageTitle(page?: string): string {
  return page ? `${page} · ${appTitle}` : appTitle;
}

/** Sets document.title while the calling page is shown and restores the default afterwards. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = adminPageTitle(page);
    return () => {
      document.title = appTitle;
    };
  }, [page]);
}
