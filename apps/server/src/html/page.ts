// A small shell for the few server-rendered pages (sign-in, test checkout). Every interpolated value goes through escapeHtml.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const styles = `
  *{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f3ff;color:#1b1a2e;display:grid;place-items:center;min-height:100vh;padding:16px}
  main{background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(40,20,120,.12);padding:32px;width:100%;max-width:420px}
  h1{font-size:1.5rem;margin:0 0 4px}p{margin:0 0 16px;color:#4a4863}
  .banner{background:#fff4e5;border:1px solid #f5b041;color:#7a4b00;border-radius:10px;padding:10px 12px;font-size:.9rem;margin-bottom:20px}
  .error{background:#fdecec;border:1px solid #e35d5d;color:#8a1c1c;border-radius:10px;padding:10px 12px;margin-bottom:16px}
  label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}
  input{width:100%;padding:10px 12px;border:1px solid #c9c6e0;border-radius:8px;font:inherit}
  input:focus{outline:3px solid #b7a8ff;border-color:#6c4cf1}
  button,a.button{display:inline-block;margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#5b3ee6;color:#fff;font:600 1rem system-ui;cursor:pointer;text-align:center;text-decoration:none}
  button:focus-visible,a.button:focus-visible{outline:3px solid #1b1a2e;outline-offset:2px}
  button.secondary{background:#fff;color:#5b3ee6;border:1px solid #5b3ee6;margin-top:10px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 8px}dt{color:#4a4863}dd{margin:0}
  .brand{font-weight:800;color:#5b3ee6;margin-bottom:16px;display:block;text-decoration:none}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Reelsmith</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

