import { useEffect } from 'react';
import { pageTitle } from './brand.ts';

/** Sets document.title while the calling page is shown and restores the default afterwards. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = pageTitle();
    };
  }, [title]);
}
