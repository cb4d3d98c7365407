import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The e2e server's fixtures build their projects' scenes with it too.
export { sampleScenes } from './fixtures.ts';

/** A project as the REST API answers it (dates are ISO strings). */
export interface ProjectJson {
  id: string;
  title: string;
  status: string;
  aspect: string;
  reelTime: number;
  currentStep: number;
  scenes: { sceneId: string; title: string; text: string }[];
  share: { shortId: string; views: number } | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/projects, as the wizard's first save does; `data` may hold title, aspect and reelTime. */
export async function createProjectViaApi(request: APIRequestContext, data: Record<string, unknown> = {}): Promise<ProjectJson> {
  const res = await request.post('/api/projects', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ProjectJson;
}

/** PUT /api/projects/{id} (scenes, reelTime, currentStep, title…). */
export async function updateProjectViaApi(request: APIRequestContext, id: string, data: Record<string, unknown>): Promise<ProjectJson> {
  const res = await request.put(`/api/projects/${id}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ProjectJson;
}

/**
 * Marks a project finished the quick way: the spec counts a project at step 5 as finished, so this
 * skips generating media (which the real flow would take minutes for).
 */
export function finishProjectViaApi(request: APIRequestContext, id: string, extra: Record<string, unknown> = {}): Promise<ProjectJson> {
  return updateProjectViaApi(request, id, { ...extra, currentStep: 5 });
}

/** A project card on the dashboard, named by its title. */
export function projectCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** Today's date as a card shows it ('Nov 22'), in the browser's (and this machine's) time zone. */
export function todayOnCard(): string {
  return new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** The dashboard's project list once it has loaded. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByLabel('Loading projects')).toHaveCount(0);
}
