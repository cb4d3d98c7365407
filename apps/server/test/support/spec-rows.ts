import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The call tables of both specs (customer-app.md §7 and admin-back-office.md §7), row by row, with what
// each row documents: the payload or query names a spec-built client sends, and the answer fields it
// reads (named in the row, or in the spec's §3 entity for what the row returns). The contract test sends
// each row's documented request and checks these fields in the real answer; a row added to, changed in
// or removed from a spec fails `specRowsMissing` until this file says what it documents.

/** Where the specs are: `../shared/spec` beside the checkout, or SPEC_DIR. */
export function specDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return process.env.SPEC_DIR ?? resolve(here, '../../../../../shared/spec');
}

/** Every call-table row of a spec, as its exact text (`| GET /api/x | none | use |`). */
export function specTableRows(file: 'customer-app.md' | 'admin-back-office.md'): string[] {
  const path = resolve(specDir(), file);
  if (!existsSync(path)) throw new Error(`the spec is missing at ${path}: check out ../shared beside the repository or set SPEC_DIR`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \/api\//.test(line))
    .map((line) => line.trim());
}

export interface SpecRow {
  /** The row's exact text in the spec. */
  row: string;
  /** The operation it is served by: method and OpenAPI path template. */
  operation: string;
  /** Documented body field sets: a call's body names must be exactly one of them (empty: `{}` or no body). */
  body?: string[][];
  /** Documented query names: a call sends only these (a subset: some are optional). */
  query?: string[];
  /**
   * Answer fields the row documents, as paths: `a.b` nested, `a[].b` every element of a (non-empty),
   * `[].b` every element of an array answer, `a|b` either field.
   */
  answer?: string[];
}

const projectFields = ['id', 'title', 'status', 'aspect', 'reelTime', 'scenes', 'params', 'assets', 'currentStep', 'createdAt', 'updatedAt'];
const planFields = ['id', 'name', 'price', 'billingInterval', 'features', 'allowDownload'];
const each = (prefix: string, fields: string[]) => fields.map((f) => `${prefix}[].${f}`);

export const customerRows: SpecRow[] = [
  { row: '| GET /api/auth/user | none | current user, not retried |', operation: 'GET /api/auth/user', answer: ['id', 'email', 'firstName', 'lastName', 'createdAt', 'profileImageUrl', 'dailyVideoCount'] },
  {
    row: '| GET /api/subscription/current | none | status, planId, planName, isFreeUser, dates, limits |',
    operation: 'GET /api/subscription/current',
    answer: ['status', 'planId', 'planName', 'isFreeUser', 'startDate', 'endDate', 'documentLimit', 'documentsUsed'],
  },
  { row: '| POST /api/subscription/cancel | empty object | cancel plan |', operation: 'POST /api/subscription/cancel', body: [[]] },
  { row: '| GET /api/plans?type=monthly or yearly | none | plan list |', operation: 'GET /api/plans', query: ['type'], answer: each('', planFields) },
  { row: '| GET /api/plans/{planId} | none | one plan |', operation: 'GET /api/plans/{planId}', answer: planFields },
  {
    row: '| GET /api/transactions | none | transactions |',
    operation: 'GET /api/transactions',
    answer: each('', ['id', 'transactionDate', 'planName', 'amount', 'paymentStatus', 'stripeReceiptUrl']),
  },
  {
    row: '| POST /api/stripe/create-checkout-session | planId, quantity (1 for one_time plans) | answer carries redirectTo or url, which the browser follows |',
    operation: 'POST /api/stripe/create-checkout-session',
    body: [['planId', 'quantity']],
    answer: ['redirectTo|url'],
  },
  {
    row: '| GET /api/stripe/confirm?session_id&planId | none | ok, planName, startDate, endDate, documentLimit, documentsUsed, error |',
    operation: 'GET /api/stripe/confirm',
    query: ['session_id', 'planId'],
    // error is null on a confirmed payment, the reason on one that is not (checked with the refusals).
    answer: ['ok', 'planName', 'startDate', 'endDate', 'documentLimit', 'documentsUsed', 'error'],
  },
  { row: '| GET /api/projects | none | project list |', operation: 'GET /api/projects', answer: each('', projectFields) },
  {
    row: '| POST /api/projects | title, aspect, reelTime | create; answer carries id; default title is a fixed product title |',
    operation: 'POST /api/projects',
    body: [['title', 'aspect', 'reelTime']],
    answer: ['id', 'title'],
  },
  { row: '| GET /api/projects/{id} | none | one project |', operation: 'GET /api/projects/{id}', answer: projectFields },
  {
    row: '| PUT /api/projects/{id} | scenes, reelTime, currentStep; or assets (avatar_product selected or skipped) | save |',
    operation: 'PUT /api/projects/{id}',
    body: [['scenes', 'reelTime', 'currentStep'], ['assets']],
    answer: projectFields,
  },
  {
    row: '| PATCH /api/projects/{id} | selectedAvatar; or aspect; or assets (avatar with uploaded list) | partial save |',
    operation: 'PATCH /api/projects/{id}',
    body: [['selectedAvatar'], ['aspect'], ['assets']],
    answer: projectFields,
  },
  { row: '| DELETE /api/projects/{id} | none | delete, then list refresh |', operation: 'DELETE /api/projects/{id}' },
  {
    row: '| POST /api/projects/{id}/generate-scenes | script, sceneCount, sceneDuration, reelTime | answer: scenes, id |',
    operation: 'POST /api/projects/{id}/generate-scenes',
    body: [['script', 'sceneCount', 'sceneDuration', 'reelTime']],
    answer: ['scenes', 'id', ...each('scenes', ['sceneId', 'title', 'text', 'durationSeconds', 'wordCount'])],
  },
  {
    row: '| POST /api/projects/{id}/regenerate-scene | sceneIndex, regenerateAll, reelTime, script | answer: scenes, optional title, message |',
    operation: 'POST /api/projects/{id}/regenerate-scene',
    body: [['sceneIndex', 'regenerateAll', 'reelTime', 'script']],
    answer: ['scenes', 'message'],
  },
  {
    row: '| GET /api/voices?language&gender&age | none | voices; cached 5 minutes |',
    operation: 'GET /api/voices',
    query: ['language', 'gender', 'age'],
    answer: each('', ['id', 'name', 'gender', 'age', 'situation', 'language', 'accent', 'description', 'emoji']),
  },
  {
    row: '| POST /api/voice/preview-url | voiceId, text (first 100 chars), duration, speed, language | answer: url |',
    operation: 'POST /api/voice/preview-url',
    body: [['voiceId', 'text', 'duration', 'speed', 'language']],
    answer: ['url'],
  },
  {
    row: '| POST /api/projects/{id}/generate-voiceover | voiceId, language, gender, age, voiceDetails, sceneSpeedSettings, duration, oneVoiceForAll (true), changedScenesOnly (false) | voiceover |',
    operation: 'POST /api/projects/{id}/generate-voiceover',
    body: [['voiceId', 'language', 'gender', 'age', 'voiceDetails', 'sceneSpeedSettings', 'duration', 'oneVoiceForAll', 'changedScenesOnly']],
    answer: ['voiceover'],
  },
  {
    row: '| POST /api/ai/generate-avatar-prompts | scenes, projectTitle, projectScript, optional voiceData | answer: combinedPrompt |',
    operation: 'POST /api/ai/generate-avatar-prompts',
    body: [
      ['scenes', 'projectTitle', 'projectScript', 'voiceData'],
      ['scenes', 'projectTitle', 'projectScript'],
    ],
    answer: ['combinedPrompt'],
  },
  {
    row: '| POST /api/projects/{id}/generate-avatar | combinedPrompt, model, aspectRatio | avatar variations |',
    operation: 'POST /api/projects/{id}/generate-avatar',
    body: [['combinedPrompt', 'model', 'aspectRatio']],
    answer: ['variations'],
  },
  {
    row: '| POST /api/projects/{id}/upload-avatar | image (data URL), filename, aspectRatio | answer: url |',
    operation: 'POST /api/projects/{id}/upload-avatar',
    body: [['image', 'filename', 'aspectRatio']],
    answer: ['url'],
  },
  {
    row: '| POST /api/projects/{id}/generate-avatar-product | productImage, interactionPrompt, aspectRatio | product variations |',
    operation: 'POST /api/projects/{id}/generate-avatar-product',
    body: [['productImage', 'interactionPrompt', 'aspectRatio']],
    answer: ['variations'],
  },
  {
    row: '| POST /api/projects/{id}/generate-omni-videos | quality (standard or high), model (omni-human) | scene videos |',
    operation: 'POST /api/projects/{id}/generate-omni-videos',
    body: [['quality', 'model']],
    answer: ['videos'],
  },
  {
    row: '| POST /api/projects/{id}/create-final-video | sceneOrder[], transition, captions (false) | answer: assets read |',
    operation: 'POST /api/projects/{id}/create-final-video',
    body: [['sceneOrder', 'transition', 'captions']],
    answer: ['assets', 'assets.final.url|assets.video_final.url', 'assets.final.type|assets.video_final.type'],
  },
  {
    row: '| POST /api/projects/{id}/share | no payload fields | answer read for shortId; the share URL {origin}/s/{shortId} is copied to the clipboard |',
    operation: 'POST /api/projects/{id}/share',
    body: [[]],
    answer: ['shortId'],
  },
  { row: '| GET /api/share/{shortId} | none | shared project |', operation: 'GET /api/share/{shortId}', answer: ['project', 'share.views', 'project.title', 'project.scenes'] },
  { row: '| PUT /api/share/{shortId}/view | none | increment view count |', operation: 'PUT /api/share/{shortId}/view' },
];

export const adminRows: SpecRow[] = [
  { row: '| POST /api/admin/login | body {email, password} | token and admin; stored locally |', operation: 'POST /api/admin/login', body: [['email', 'password']], answer: ['token', 'admin.email', 'admin.role'] },
  {
    row: '| GET /api/admin/stats | query timeRange | stats; refetched every 30 s |',
    operation: 'GET /api/admin/stats',
    query: ['timeRange'],
    answer: ['users.total', 'users.new', 'users.active', 'subscriptions.totalRevenue', 'subscriptions.activeSubscriptions', 'projects.total', 'projects.today'],
  },
  {
    row: '| GET /api/admin/analytics/project-funnel | query timeRange | project funnel |',
    operation: 'GET /api/admin/analytics/project-funnel',
    query: ['timeRange'],
    answer: ['totalStarted', 'overallCompletion', ...each('steps', ['step', 'count', 'uniqueUsers', 'conversionFromPrevious', 'conversionFromStart', 'dropOff'])],
  },
  {
    row: '| GET /api/admin/analytics/signup-subscription-funnel | query timeRange | signup funnel |',
    operation: 'GET /api/admin/analytics/signup-subscription-funnel',
    query: ['timeRange'],
    answer: ['signups', 'subscriptions', 'conversionRate', 'medianTimeToConvert'],
  },
  {
    row: '| GET /api/admin/users | query page, limit (10), optional search | users, total, hasNextPage, hasPrevPage |',
    operation: 'GET /api/admin/users',
    query: ['page', 'limit', 'search'],
    answer: ['users', 'total', 'hasNextPage', 'hasPrevPage', ...each('users', ['id', 'firstName', 'lastName', 'email', 'profileImageUrl', 'isActive', 'createdAt', 'projectCount', 'subscription'])],
  },
  { row: '| GET /api/admin/users | query userId | first element of users is the single user |', operation: 'GET /api/admin/users', query: ['userId'], answer: ['users[].id', 'users[].email'] },
  { row: '| PATCH /api/admin/users/{userId}/status | body {isActive} | toggles the suspension |', operation: 'PATCH /api/admin/users/{userId}/status', body: [['isActive']], answer: ['isActive'] },
  {
    row: '| GET /api/admin/users/{userId}/projects | none | array of projects |',
    operation: 'GET /api/admin/users/{userId}/projects',
    answer: each('', ['id', 'title', 'createdAt', 'status', 'assets.finalVideoUrl']),
  },
  {
    row: '| GET /api/admin/sessions | none | array of sessions; refetched every 30 s |',
    operation: 'GET /api/admin/sessions',
    answer: each('', ['id', 'user.name', 'user.email', 'user.avatarUrl', 'userAgent', 'country', 'city', 'loginAt', 'lastActivityAt', 'expiresAt', 'isActive']),
  },
  { row: '| GET /api/admin/projects/stats | none | project stats |', operation: 'GET /api/admin/projects/stats', answer: ['totalProjects', 'todayProjects', 'completedProjects'] },
  {
    row: '| GET /api/admin/projects | query page, limit (10), optional search, status (omitted for all), period (omitted for all; no control for it is shown) | projects, total, hasNextPage, hasPrevPage |',
    operation: 'GET /api/admin/projects',
    query: ['page', 'limit', 'search', 'status', 'period'],
    answer: ['projects', 'total', 'hasNextPage', 'hasPrevPage', ...each('projects', ['id', 'title', 'status', 'createdAt', 'settings.industry', 'shareSettings.isPublic', 'user.name', 'user.email'])],
  },
  {
    row: '| GET /api/admin/audit-logs | query page, limit (20), optional search, action, severity | data, total; refetched every 10 s |',
    operation: 'GET /api/admin/audit-logs',
    query: ['page', 'limit', 'search', 'action', 'severity'],
    answer: ['data', 'total', ...each('data', ['id', 'createdAt', 'action', 'severity', 'userType', 'adminUser', 'ipAddress', 'resourceType', 'details'])],
  },
  {
    row: '| GET /api/admin/subscriptions/overview | query timestamp; no-cache headers | overview |',
    operation: 'GET /api/admin/subscriptions/overview',
    query: ['timestamp'],
    answer: ['totalRevenue', 'activeSubscriptions', 'totalSubscriptions', ...each('plans', ['planId', 'planName', 'price', 'period'])],
  },
  {
    row: '| GET /api/admin/subscriptions | query search, status, planId, page, pageSize (20), timestamp; no-cache headers | data, total, totalPages |',
    operation: 'GET /api/admin/subscriptions',
    query: ['search', 'status', 'planId', 'page', 'pageSize', 'timestamp'],
    answer: ['data', 'total', 'totalPages', ...each('data', ['id', 'userId', 'user.firstName', 'user.lastName', 'user.email', 'plan.name', 'plan.planType', 'plan.price', 'status', 'startDate', 'endDate'])],
  },
  {
    row: '| GET /api/admin/users/{userId}/subscription | none | currentSubscription, transactions, adjustments |',
    operation: 'GET /api/admin/users/{userId}/subscription',
    answer: ['currentSubscription', 'transactions', 'adjustments', ...each('transactions', ['id', 'amount', 'currency', 'description', 'status', 'createdAt'])],
  },
  {
    row: '| POST /api/admin/subscriptions/{subscriptionId}/refund | body {transactionId, amount (number), reason} | refund result (shape not shown) |',
    operation: 'POST /api/admin/subscriptions/{subscriptionId}/refund',
    body: [['transactionId', 'amount', 'reason']],
  },
  {
    row: '| POST /api/admin/subscriptions/{subscriptionId}/adjust | body {type, payload (days; or credits plus unit; or newPlanId plus proration), reason} | adjustment result (shape not shown) |',
    operation: 'POST /api/admin/subscriptions/{subscriptionId}/adjust',
    body: [['type', 'payload', 'reason']],
  },
  {
    row: '| GET /api/admin/email/templates | query page, limit (20), optional search | templates, total |',
    operation: 'GET /api/admin/email/templates',
    query: ['page', 'limit', 'search'],
    answer: ['templates', 'total', ...each('templates', ['id', 'name', 'subject', 'htmlContent', 'textContent', 'isActive', 'createdAt', 'updatedAt'])],
  },
  {
    row: '| POST /api/admin/email/templates | body {name, subject, description, htmlContent, textContent, isActive} | creates a template |',
    operation: 'POST /api/admin/email/templates',
    body: [['name', 'subject', 'description', 'htmlContent', 'textContent', 'isActive']],
    answer: ['id', 'name'],
  },
  {
    row: '| PUT /api/admin/email/templates/{id} | same body plus id | updates a template |',
    operation: 'PUT /api/admin/email/templates/{id}',
    body: [['id', 'name', 'subject', 'description', 'htmlContent', 'textContent', 'isActive']],
    answer: ['id', 'subject'],
  },
  {
    row: '| GET /api/admin/email/logs | query page, limit (20), optional search, status (omitted for all), startDate and endDate (ISO) | logs, total |',
    operation: 'GET /api/admin/email/logs',
    query: ['page', 'limit', 'search', 'status', 'startDate', 'endDate'],
    answer: ['logs', 'total', ...each('logs', ['id', 'recipientEmail', 'subject', 'emailType', 'sendStatus', 'sentAt', 'createdAt', 'errorMessage', 'htmlContent', 'textContent', 'template', 'user'])],
  },
  { row: '| POST /api/admin/email/send-test | body {templateName, recipientEmail} | message |', operation: 'POST /api/admin/email/send-test', body: [['templateName', 'recipientEmail']], answer: ['message'] },
  {
    row: '| POST /api/admin/settings | body is the whole settings object | JSON; its shape is not shown |',
    operation: 'POST /api/admin/settings',
    body: [['general', 'email', 'security', 'payment', 'features']],
  },
  { row: '| GET /api/admin/admins | none | array of admins |', operation: 'GET /api/admin/admins', answer: each('', ['id', 'email', 'firstName', 'lastName', 'role', 'isActive']) },
  {
    row: '| POST /api/admin/admins | body {email, password, firstName, lastName, role} | creates an admin |',
    operation: 'POST /api/admin/admins',
    body: [['email', 'password', 'firstName', 'lastName', 'role']],
    answer: ['id', 'email', 'role'],
  },
  { row: '| DELETE /api/admin/admins/{id} | none | removes the admin |', operation: 'DELETE /api/admin/admins/{id}' },
];

/** The rows of both specs that this file does not describe, or describes with other words. */
export function specRowsMissing(): string[] {
  const described = new Set([...customerRows, ...adminRows].map((r) => r.row));
  return [...specTableRows('customer-app.md'), ...specTableRows('admin-back-office.md')].filter((row) => !described.has(row));
}

/** The described rows no spec holds any more. */
export function specRowsStale(): string[] {
  const rows = new Set([...specTableRows('customer-app.md'), ...specTableRows('admin-back-office.md')]);
  return [...customerRows, ...adminRows].map((r) => r.row).filter((row) => !rows.has(row));
}

/** The answer paths a value lacks (see SpecRow.answer). */
export function missingAnswerFields(value: unknown, paths: string[]): string[] {
  return paths.filter((path) => !path.split('|').some((alternative) => hasPath(value, alternative.split('.'))));
}

function hasPath(value: unknown, parts: string[]): boolean {
  if (parts.length === 0) return true;
  const [head, ...rest] = parts as [string, ...string[]];
  const arrayStep = head.endsWith('[]');
  const key = arrayStep ? head.slice(0, -2) : head;
  const next = key === '' ? value : value !== null && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : undefined;
  if (key !== '' && (value === null || typeof value !== 'object' || !(key in value))) return false;
  if (!arrayStep) return rest.length === 0 || (next !== null && typeof next === 'object' && hasPath(next, rest));
  return Array.isArray(next) && next.length > 0 && next.every((element) => hasPath(element, rest));
}
