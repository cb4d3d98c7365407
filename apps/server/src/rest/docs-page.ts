import { escapeHtml } from '../auth/auth-pages.ts';

interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** A readable, self-contained page of the OpenAPI document (no external scripts). */
export function renderDocsPage(doc: { paths: Record<string, Record<string, Operation>> }): string {
  const rows = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const auth = op.security?.[0] ? Object.keys(op.security[0])[0] : 'public';
        const params = (op.parameters ?? []).map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ');
        const schemas = JSON.stringify({ request: op.requestBody, responses: op.responses }, null, 2);
        return `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(op.summary ?? '')} · <em>auth: ${escapeHtml(auth ?? 'public')}</em>${params ? ` · parameters: ${escapeHtml(params)}` : ''}</p>
<details><summary>Schemas</summary><pre>${escapeHtml(schemas)}</pre></details></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Reelsmith API</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1b1a2e}
section{border:1px solid #ddd;border-radius:10px;padding:12px 16px;margin:12px 0}h2{font-size:1.05rem;margin:0 0 4px}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:6px;color:#fff;font-size:.8rem;padding:2px 6px}
.get{background:#1c7ed6}.post{background:#2f9e44}.put{background:#e67700}.patch{background:#ae3ec9}.delete{background:#e03131}
pre{background:#f6f6fb;padding:10px;overflow:auto;font-size:.8rem}</style></head><body>
<h1>Reelsmith API</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${rows}</body></html>`;
}
