// The documented /api paths (customer spec §7, back-office spec §7), each mapped to the tRPC
// procedure that serves it. Issues add rows here as their procedures land.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /api/projects/{id}. */
  path: string;
  /** Dotted path of the tRPC procedure, e.g. projects.get. */
  procedure: string;
  access: 'public' | 'customer' | 'admin';
  /** Builds the procedure input from the request; absent for procedures without input. */
  input?: (req: RestRequestParts) => unknown;
  /** Where the input comes from, for the OpenAPI document. */
  inputFrom?: 'query' | 'body';
  successStatus?: number;
  /** A stricter per-client limit than the global one (requests per minute). */
  rateLimitPerMinute?: number;
  /** Cache-Control of a successful answer (default no-store). */
  cacheControl?: string;
}

/** A JSON body as an object, so path parameters can be merged in (a non-object body fails validation). */
function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { body };
}

const withId = (r: RestRequestParts) => ({ ...asObject(r.body ?? {}), id: r.params.id });

export const restRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/auth/user', procedure: 'auth.user', access: 'customer' },

  // Plans and billing (customer spec §7); POST /api/stripe/webhook is a raw-body route of its own.
  { method: 'GET', path: '/api/subscription/current', procedure: 'billing.subscription.current', access: 'customer' },
  { method: 'POST', path: '/api/subscription/cancel', procedure: 'billing.subscription.cancel', access: 'customer', input: (r) => r.body ?? {}, inputFrom: 'body' },
  { method: 'GET', path: '/api/plans', procedure: 'billing.plans.list', access: 'public', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/plans/{planId}', procedure: 'billing.plans.get', access: 'public', input: (r) => ({ planId: r.params.planId }), inputFrom: 'query' },
  { method: 'GET', path: '/api/transactions', procedure: 'billing.transactions.list', access: 'customer' },
  { method: 'POST', path: '/api/stripe/create-checkout-session', procedure: 'billing.checkout.create', access: 'customer', input: (r) => r.body ?? {}, inputFrom: 'body', rateLimitPerMinute: 30 },
  { method: 'GET', path: '/api/stripe/confirm', procedure: 'billing.checkout.confirm', access: 'customer', input: (r) => r.query, inputFrom: 'query' },

  // Projects and sharing
  { method: 'GET', path: '/api/projects', procedure: 'projects.list', access: 'customer' },
  { method: 'POST', path: '/api/projects', procedure: 'projects.create', access: 'customer', input: (r) => r.body ?? {}, inputFrom: 'body', successStatus: 201 },
  { method: 'GET', path: '/api/projects/{id}', procedure: 'projects.get', access: 'customer', input: (r) => ({ id: r.params.id }), inputFrom: 'query' },
  { method: 'PUT', path: '/api/projects/{id}', procedure: 'projects.update', access: 'customer', input: (r) => ({ ...asObject(r.body), id: r.params.id }), inputFrom: 'body' },
  { method: 'PATCH', path: '/api/projects/{id}', procedure: 'projects.patch', access: 'customer', input: (r) => ({ ...asObject(r.body), id: r.params.id }), inputFrom: 'body' },
  { method: 'DELETE', path: '/api/projects/{id}', procedure: 'projects.delete', access: 'customer', input: (r) => ({ id: r.params.id }), inputFrom: 'query' },
  { method: 'POST', path: '/api/projects/{id}/share', procedure: 'sharing.create', access: 'customer', input: (r) => ({ id: r.params.id }), inputFrom: 'query' },
  // Maintenance mode and sign-ups (back-office settings), read by the customer app on load.
  { method: 'GET', path: '/api/platform/status', procedure: 'platform.status', access: 'public' },
  { method: 'GET', path: '/api/share/{shortId}', procedure: 'sharing.get', access: 'public', input: (r) => ({ shortId: r.params.shortId }), inputFrom: 'query' },
  { method: 'PUT', path: '/api/share/{shortId}/view', procedure: 'sharing.view', access: 'public', input: (r) => ({ shortId: r.params.shortId }), inputFrom: 'query', rateLimitPerMinute: 60 },

  // Generation (customer spec §7); the long steps are durable jobs the call waits for.
  { method: 'POST', path: '/api/projects/{id}/generate-scenes', procedure: 'generation.generateScenes', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/regenerate-scene', procedure: 'generation.regenerateScene', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'GET', path: '/api/voices', procedure: 'generation.voices', access: 'public', input: (r) => r.query, inputFrom: 'query', cacheControl: 'public, max-age=300' },
  { method: 'POST', path: '/api/voice/preview-url', procedure: 'generation.voicePreview', access: 'customer', input: (r) => r.body ?? {}, inputFrom: 'body', rateLimitPerMinute: 60 },
  { method: 'POST', path: '/api/ai/generate-avatar-prompts', procedure: 'generation.avatarPrompt', access: 'customer', input: (r) => r.body ?? {}, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/generate-voiceover', procedure: 'generation.generateVoiceover', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/generate-avatar', procedure: 'generation.generateAvatar', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/upload-avatar', procedure: 'generation.uploadAvatar', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/generate-avatar-product', procedure: 'generation.generateAvatarProduct', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/generate-omni-videos', procedure: 'generation.generateVideos', access: 'customer', input: withId, inputFrom: 'body' },
  { method: 'POST', path: '/api/projects/{id}/create-final-video', procedure: 'generation.createFinalVideo', access: 'customer', input: withId, inputFrom: 'body' },

  // Back-office
  { method: 'POST', path: '/api/admin/login', procedure: 'admin.auth.login', access: 'public', input: (r) => r.body ?? {}, inputFrom: 'body', rateLimitPerMinute: 30 },
  { method: 'POST', path: '/api/admin/logout', procedure: 'admin.auth.logout', access: 'admin' },
  // Back-office: overview, users, sessions, projects, activity
  { method: 'GET', path: '/api/admin/stats', procedure: 'admin.stats.get', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/analytics/project-funnel', procedure: 'admin.analytics.projectFunnel', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/analytics/signup-subscription-funnel', procedure: 'admin.analytics.signupFunnel', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/users', procedure: 'admin.users.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'PATCH', path: '/api/admin/users/{userId}/status', procedure: 'admin.users.setStatus', access: 'admin', input: (r) => ({ ...asObject(r.body ?? {}), userId: r.params.userId }), inputFrom: 'body' },
  { method: 'GET', path: '/api/admin/users/{userId}/projects', procedure: 'admin.users.projects', access: 'admin', input: (r) => ({ userId: r.params.userId }), inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/sessions', procedure: 'admin.sessions.list', access: 'admin' },
  { method: 'GET', path: '/api/admin/projects/stats', procedure: 'admin.projects.stats', access: 'admin' },
  { method: 'GET', path: '/api/admin/projects', procedure: 'admin.projects.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/audit-logs', procedure: 'admin.auditLogs.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/audit-logs/summary', procedure: 'admin.auditLogs.summary', access: 'admin' },
  // Back-office: subscriptions, settings, admin accounts
  { method: 'GET', path: '/api/admin/subscriptions/overview', procedure: 'admin.subscriptions.overview', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/subscriptions', procedure: 'admin.subscriptions.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'GET', path: '/api/admin/users/{userId}/subscription', procedure: 'admin.subscriptions.forUser', access: 'admin', input: (r) => ({ userId: r.params.userId }), inputFrom: 'query' },
  { method: 'POST', path: '/api/admin/subscriptions/{subscriptionId}/refund', procedure: 'admin.subscriptions.refund', access: 'admin', input: (r) => ({ ...asObject(r.body ?? {}), subscriptionId: r.params.subscriptionId }), inputFrom: 'body' },
  { method: 'POST', path: '/api/admin/subscriptions/{subscriptionId}/adjust', procedure: 'admin.subscriptions.adjust', access: 'admin', input: (r) => ({ ...asObject(r.body ?? {}), subscriptionId: r.params.subscriptionId }), inputFrom: 'body' },
  { method: 'GET', path: '/api/admin/settings', procedure: 'admin.settings.get', access: 'admin' },
  { method: 'POST', path: '/api/admin/settings', procedure: 'admin.settings.save', access: 'admin', input: (r) => r.body ?? {}, inputFrom: 'body' },
  { method: 'GET', path: '/api/admin/providers', procedure: 'admin.providers.get', access: 'admin' },
  { method: 'GET', path: '/api/admin/admins', procedure: 'admin.admins.list', access: 'admin' },
  { method: 'POST', path: '/api/admin/admins', procedure: 'admin.admins.create', access: 'admin', input: (r) => r.body ?? {}, inputFrom: 'body', successStatus: 201 },
  { method: 'DELETE', path: '/api/admin/admins/{id}', procedure: 'admin.admins.delete', access: 'admin', input: (r) => ({ id: r.params.id }), inputFrom: 'query' },
  // Back-office: e-mail templates, log and test sends
  { method: 'GET', path: '/api/admin/email/templates', procedure: 'admin.email.templates.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'POST', path: '/api/admin/email/templates', procedure: 'admin.email.templates.create', access: 'admin', input: (r) => r.body ?? {}, inputFrom: 'body', successStatus: 201 },
  { method: 'PUT', path: '/api/admin/email/templates/{id}', procedure: 'admin.email.templates.update', access: 'admin', input: withId, inputFrom: 'body' },
  { method: 'GET', path: '/api/admin/email/logs', procedure: 'admin.email.logs.list', access: 'admin', input: (r) => r.query, inputFrom: 'query' },
  { method: 'POST', path: '/api/admin/email/send-test', procedure: 'admin.email.sendTest', access: 'admin', input: (r) => r.body ?? {}, inputFrom: 'body', rateLimitPerMinute: 30 },
];
