import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { UpgradeReason } from './upgrade-dialog.tsx';

// The dialog's code (and the shared package it reads) loads on first use, so visitors never fetch it.
const UpgradeDialog = lazy(() => import('./upgrade-dialog.tsx').then((module) => ({ default: module.UpgradeDialog })));

type OpenUpgradeDialog = (reason?: UpgradeReason) => void;

const UpgradeDialogContext = createContext<OpenUpgradeDialog | null>(null);

/** Holds the one Upgrade dialog of the app, so any button (header, dashboard, wizard) can open it. */
export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<UpgradeReason | null>(null);
  const open = useCallback<OpenUpgradeDialog>((next = 'upgrade') => {
    setReason(next);
    setOpened(true);
  }, []);
  return (
    <UpgradeDialogContext.Provider value={open}>
      {children}
      {reason ? (
        <Suspense fallback={null}>
          <UpgradeDialog opened={opened} reason={reason} onClose={() => setOpened(false)} />
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
