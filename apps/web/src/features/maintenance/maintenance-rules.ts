/** Pages that keep working in maintenance mode: the public share page (spec: /s/:shortId). */
export function worksDuringMaintenance(pathname: string): boolean {
  return /^\/s\/[^/]+\/?$/.test(pathname);
}
