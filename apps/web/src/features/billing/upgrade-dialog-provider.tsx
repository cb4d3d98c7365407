import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { UpgradeReason } from './upgrade-dialog.tsx';

// The dialog's code (and the shared package it reads) loads on first use, so visitors never fetch it.
const UpgradeDialog = lazy(() => import('./upgrade-dialog.tsx').then((module) => ({ default: module.UpgradeDialog })));

type OpenUpgradeDialog = (reason?: UpgradeReason) => void;

const UpgradeDialogContext = createContext<OpenUpgradeDialog | null>(null);

/** Holds the one Upgrade dialog of the app, so any button (header, dashboard, wizard) can open it. */
export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<UpgradeReason | null>(null);
  // The control that opened the dialog gets the focus back when it closes (WCAG 2.4.3). Mantine's own
  // focus return misses the first opening: the dialog's code loads then and mounts already open.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback<OpenUpgradeDialog>((next = 'upgrade') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setReason(next);
    setOpened(true);
  }, []);
  const returnFocus = useCallback(() => {
    const active = document.activeElement;
    if ((!active || active === document.body || !active.isConnected) && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
  }, []);
  // Without a closing transition (reduced motion) the focus is on the page's body right after closing.
  useEffect(() => {
    if (opened) return undefined;
    const timer = window.setTimeout(returnFocus, 20);
    return () => window.clearTimeout(timer);
  }, [opened, returnFocus]);
  return (
    <UpgradeDialogContext.Provider value={open}>
      {children}
      {reason ? (
        <Suspense fallback={null}>
          <UpgradeDialog opened={opened} reason={reason} onClose={() => setOpened(false)} onClosed={returnFocus} />
        </Suspense>
      ) : null}
    </UpgradeDialogContext.Provider>
  );
}

export function useUpgradeDialog(): OpenUpgradeDialog {
  const open = useContext(UpgradeDialogContext);
  if (!open) throw new Error('useUpgradeDialog must be used inside UpgradeDialogProvider');
  return open;
}
