import { notifications } from '@mantine/notifications';
import { createProjectError, pricingPath, pricingRedirectDelayMs, type Project } from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorFacts } from '../../lib/trpc-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useWizard, type EnsureProject, type NewProjectChoices } from './wizard-context.ts';

/**
 * For step bodies: `await ensureProject({ reelTime, aspect })` before the first generate or save.
 * On /project/new it creates the project once (concurrent calls share the call), then the address
 * becomes /project/{id}; elsewhere it resolves to the current project at once.
 */
export function useEnsureProject(): EnsureProject {
  return useWizard().ensureProject;
}

/** The shell's side of useEnsureProject: one projects.create per new project, with the §8 failure toast. */
export function useProjectCreator(project: Project | null, onCreated: (project: Project) => void): EnsureProject {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { mutateAsync } = useMutation(trpc.projects.create.mutationOptions());
  const current = useRef(project);
  const pending = useRef<Promise<Project> | null>(null);
  useEffect(() => {
    current.current = project;
  }, [project]);

  return useCallback(
    (choices: NewProjectChoices = {}) => {
      if (current.current) return Promise.resolve(current.current);
      if (pending.current) return pending.current;
      const input = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined)) as NewProjectChoices;
      const creation = mutateAsync(input).then(
        (created) => {
          onCreated(created);
          return created;
        },
        (error: unknown) => {
          pending.current = null;
          const failure = createProjectError(errorFacts(error));
          notifications.show({ color: 'red', title: failure.title, message: failure.description });
          if (failure.redirectToPricing) window.setTimeout(() => void navigate(pricingPath), pricingRedirectDelayMs);
          throw error;
        },
      );
      pending.current = creation;
      return creation;
    },
    [mutateAsync, navigate, onCreated],
  );
}
