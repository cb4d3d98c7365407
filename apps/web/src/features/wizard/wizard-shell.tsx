/**
 * The wizard shell: /project/new and /project/:id are one route (`project/:id`, id 'new' for a new
 * project), so the screen stays mounted while a new project receives its id.
 *
 * The shell owns the header (title, 'Step N of 6', last update, progress, Export Progress, Delete
 * Project, the six-step indicator), the step number (kept in the address as `?step=N`, so a reload
 * stays put; without it the wizard opens at `initialStep(project)`), the not-found and logged-out
 * screens, and the project's query cache.
 *
 * STEP-SLOT CONTRACT — steps/step-1-script.tsx … steps/step-6-final.tsx each export one component
 * `(props: WizardStepProps) => ReactNode` (listed in steps/index.ts), rendered below the header:
 *
 * - `project: Project | null` — the saved project as the server last answered (dates are Date, via
 *   superjson). null on /project/new until the first generate or save. Read it from props; do not
 *   copy it into state, or a save elsewhere will not reach you.
 * - `onProjectChange(project)` — hand over every project the server answers (generate, save,
 *   patch…). The shell writes it into the `projects.get` cache and refreshes the dashboard list;
 *   the new props follow.
 * - `onNext()` — shows the next step. When the saved `currentStep` is earlier, the shell saves the
 *   new step (projects.update { currentStep }); save the step's own data first. Note that the spec
 *   counts a project at step 5 as finished (shareable).
 * - `onBack()` — shows the previous step; nothing is saved.
 *
 * Inside a step body (and anything it renders):
 * - `useEnsureProject()` → `ensureProject({ reelTime?, aspect?, title? }): Promise<Project>`: call
 *   before the first generate or save. On /project/new it runs projects.create once (concurrent
 *   calls share it), puts the project in the cache and replaces the address with /project/{id}
 *   (the step stays, the step body stays mounted). On failure it shows §8's 'Failed to create
 *   project' toast (and goes to /pricing after 2 s when the plan is the reason) and rejects.
 * - `useWizard()` → the props above plus `step` and `goToStep(n)` (e.g. step 4's 'Go Back to Step 3').
 * - `useProjectJobs(project?.id)` → live generation jobs over server-sent events: `jobs`, `activeJob`,
 *   `latestJobOf(kind)`, each `{ kind, status, stage, percent, error }`.
 * - Each body starts with an `<h2>` naming its step; it owns its buttons (Back/Next), toasts (use
 *   the shared §8 helpers, never retyped strings) and calls (`useTRPC()` + mutationOptions).
 * - Each body is a hook and a view: `<area>/use-<area>-step.ts` holds the state, calls and toasts
 *   and returns the view's props; `<area>/<area>-step-view.tsx` (and its parts) take props and
 *   return JSX, with component tests beside them (`*.test.tsx`, jsdom).
 */
import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { toUserMessage, type Project } from '@reelsmith/shared';
import { CenteredLoader } from '@reelsmith/ui';
import { IconAlertCircle } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/brand.ts';
import { errorFacts, httpStatusOf } from '../../lib/trpc-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { loggedOutNotice, redirectToLoginSoon } from '../auth/login-redirect.ts';
import { useAuthState } from '../auth/use-current-user.ts';
import { DeleteProjectDialog } from '../projects/delete-project-dialog.tsx';
import { RenameProjectDialog } from '../projects/rename-project-dialog.tsx';
import { useDeleteProject } from '../projects/use-delete-project.ts';
import { useRenameProject } from '../projects/use-rename-project.ts';
import { downloadProgress } from './export-progress.ts';
import { ProjectNotFound } from './project-not-found.tsx';
import { wizardStepBodies } from './steps/index.ts';
import { useProjectCreator } from './use-ensure-project.ts';
import { WizardContext, type WizardContextValue } from './wizard-context.ts';
import { WizardHeader } from './wizard-header.tsx';
import { WIZARD_STEP_COUNT, clampStep, initialStep, parseStepParam } from './wizard-rules.ts';

const newProjectId = 'new';

/** The route's screen: signed-in customers get the wizard; a signed-out visitor is sent to log in. */
export function WizardScreen() {
  const auth = useAuthState();
  if (auth.status === 'pending') return <CenteredLoader />;
  if (auth.status === 'signed-out') return <LoggedOut />;
  return <WizardSession />;
}

function LoggedOut() {
  useEffect(() => redirectToLoginSoon(), []);
  return <CenteredLoader label={loggedOutNotice} />;
}

/**
 * Keeps one shell per project: opening another project (or a new one) starts afresh, but the new
 * project's own switch from /project/new to /project/{id} keeps the step bodies and their state.
 */
function WizardSession() {
  const { id = newProjectId } = useParams();
  const adopted = useRef(new Set<string>());
  const [session, setSession] = useState({ id, key: 0 });
  if (session.id !== id) {
    const sameProject = session.id === newProjectId && adopted.current.has(id);
    setSession({ id, key: sameProject ? session.key : session.key + 1 });
  }
  const adopt = useCallback((createdId: string) => adopted.current.add(createdId), []);
  return <WizardShell key={session.key} projectId={id === newProjectId ? null : id} onAdopt={adopt} />;
}

function WizardShell({ projectId, onAdopt }: { projectId: string | null; onAdopt: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useQuery(trpc.projects.get.queryOptions(projectId ? { id: projectId } : skipToken));
  const project = projectId ? (query.data ?? null) : null;
  usePageTitle(pageTitle(project?.title ?? 'New Project'));

  const urlStep = parseStepParam(params.get('step'));
  const ready = !projectId || project !== null;
  const step = urlStep ?? initialStep(project);

  // Without ?step, open at the saved step (or 6 when every scene has its video) and write it down.
  useEffect(() => {
    if (!ready || urlStep !== null) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('step', String(step));
        return next;
      },
      { replace: true },
    );
  }, [ready, urlStep, step, setParams]);

  const onProjectChange = useCallback(
    (changed: Project) => {
      queryClient.setQueryData(trpc.projects.get.queryKey({ id: changed.id }), changed);
      void queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
    },
    [queryClient, trpc],
  );

  const onCreated = useCallback(
    (created: Project) => {
      onProjectChange(created);
      onAdopt(created.id);
      void navigate({ pathname: `/project/${created.id}`, search: window.location.search }, { replace: true });
    },
    [navigate, onAdopt, onProjectChange],
  );
  const ensureProject = useProjectCreator(project, onCreated);

  const goToStep = useCallback(
    (target: number) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('step', String(clampStep(target)));
        return next;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  const saveStep = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: onProjectChange,
      onError: (error) => notifications.show({ color: 'red', title: 'Progress not saved', message: toUserMessage(errorFacts(error)) }),
    }),
  );
  const { mutate: saveCurrentStep } = saveStep;
  const onNext = useCallback(() => {
    const next = Math.min(step + 1, WIZARD_STEP_COUNT);
    goToStep(next);
    if (project && next > project.currentStep) saveCurrentStep({ id: project.id, currentStep: next });
  }, [goToStep, project, saveCurrentStep, step]);
  const onBack = useCallback(() => goToStep(step - 1), [goToStep, step]);

  const [renamingOpen, setRenamingOpen] = useState(false);
  const renaming = useRenameProject({ onRenamed: () => setRenamingOpen(false) });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deletion = useDeleteProject({
    onDeleted: () => {
      setConfirmingDelete(false);
      void navigate('/');
    },
  });

  const context = useMemo<WizardContextValue>(
    () => ({ project, step, goToStep, ensureProject, onNext, onBack, onProjectChange }),
    [project, step, goToStep, ensureProject, onNext, onBack, onProjectChange],
  );

  if (projectId && query.isPending) return <CenteredLoader label="Loading project" />;
  if (projectId && query.isError) {
    const status = httpStatusOf(query.error);
    if (status === 404 || status === 400) return <ProjectNotFound />;
    return <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const StepBody = wizardStepBodies[step - 1] ?? wizardStepBodies[0]!;
  return (
    <WizardContext.Provider value={context}>
      <Container size="lg" py={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          <WizardHeader
            project={project}
            step={step}
            onExport={() => project && downloadProgress(project, step)}
            onDelete={() => setConfirmingDelete(true)}
            onRename={() => setRenamingOpen(true)}
            onStepClick={goToStep}
          />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={`Step ${step}`}>
            <StepBody project={project} onNext={onNext} onBack={onBack} onProjectChange={onProjectChange} />
          </Paper>
        </Stack>
      </Container>
      {project ? (
        <>
          <RenameProjectDialog
            opened={renamingOpen}
            currentTitle={project.title}
            saving={renaming.isPending}
            onCancel={() => setRenamingOpen(false)}
            onSave={(title) => renaming.mutate({ id: project.id, title })}
          />
          <DeleteProjectDialog
            opened={confirmingDelete}
            projectTitle={project.title}
            deleting={deletion.isPending}
            onCancel={() => setConfirmingDelete(false)}
            onConfirm={() => deletion.mutate({ id: project.id })}
          />
        </>
      ) : null}
    </WizardContext.Provider>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container size="sm" py={64}>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The project could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
