import type { AspectRatio, Project } from '@reelsmith/shared';
import { createContext, useContext } from 'react';

/** What a new project may be created with (the rest takes the plan's defaults). */
export interface NewProjectChoices {
  title?: string;
  aspect?: AspectRatio;
  reelTime?: number;
}

/** Resolves to the saved project, creating it first on /project/new (see wizard-shell.tsx). */
export type EnsureProject = (choices?: NewProjectChoices) => Promise<Project>;

/** The props every step body receives (the contract is described in wizard-shell.tsx). */
export interface WizardStepProps {
  project: Project | null;
  onNext: () => void;
  onBack: () => void;
  onProjectChange: (project: Project) => void;
}

export interface WizardContextValue extends WizardStepProps {
  /** The step on screen, 1…6. */
  step: number;
  goToStep: (step: number) => void;
  ensureProject: EnsureProject;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

/** The wizard around a step body: its project, step and navigation. */
export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the wizard shell');
  return value;
}
