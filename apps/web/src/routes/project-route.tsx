import { WizardScreen } from '../features/wizard/wizard-shell.tsx';

/** The six-step wizard, for a new project (/project/new) or an existing one (/project/:id). */
export function ProjectRoute() {
  return <WizardScreen />;
}
