import { sanitizeTemplateHtml } from './sanitize-template-html.ts';

// {{name}} placeholders: HTML-escaped in the HTML part, raw in the subject and text part. A placeholder
// without a value is left as written (and reported), so a mistake shows in the log instead of vanishing.

export type PlaceholderValues = Record<string, string | number | null | undefined>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Placeholders the template uses that had no value. */
  missing: string[];
}

const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

function fill(source: string, values: PlaceholderValues, escape: boolean, missing: Set<string>): string {
  return source.replace(placeholder, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null) {
      missing.add(name);
      return whole;
    }
    return escape ? escapeHtml(String(value)) : String(value);
  });
}

/** Fills a template; the HTML is sanitised again afterwards, so a value can never smuggle in a link scheme or tag. */
export function renderTemplate(template: { subject: string; htmlContent: string; textContent: string }, values: PlaceholderValues): RenderedEmail {
  const missing = new Set<string>();
  const subject = fill(template.subject, values, false, missing).replace(/[\r\n]+/g, ' ').trim();
  const html = sanitizeTemplateHtml(fill(template.htmlContent, values, true, missing));
  const text = fill(template.textContent, values, false, missing);
  return { subject, html, text, missing: [...missing] };
}

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(source: string): string[] {
  return [...new Set([...source.matchAll(placeholder)].map((m) => m[1]!))];
}
