import { describe, expect, it } from 'vitest';
import { escapeHtml, placeholdersIn, renderTemplate } from './render-template.ts';

const template = {
  subject: 'Welcome, {{firstName}}!',
  htmlContent: '<p>Hi {{ firstName }}, your plan is <strong>{{plan}}</strong>. {{unknown}}</p>',
  textContent: 'Hi {{firstName}}, plan {{plan}}. {{unknown}}',
};

describe('renderTemplate', () => {
  it('escapes values in the HTML part and keeps them raw in the subject and text part', () => {
    const out = renderTemplate(template, { firstName: 'Ann <script>"&\'', plan: 'Pro' });
    // Quotes in text need no escaping; the final sanitising pass writes them plainly.
    expect(out.html).toBe('<p>Hi Ann &lt;script&gt;"&amp;\', your plan is <strong>Pro</strong>. {{unknown}}</p>');
    expect(out.text).toBe('Hi Ann <script>"&\', plan Pro. {{unknown}}');
    expect(out.subject).toBe('Welcome, Ann <script>"&\'!');
  });

  it('leaves unknown or empty placeholders as written and reports them once', () => {
    const out = renderTemplate(template, { firstName: 'Ann', plan: null });
    expect(out.html).toContain('<strong>{{plan}}</strong>');
    expect(out.missing.sort()).toEqual(['plan', 'unknown']);
  });

  it('renders numbers and does not read inherited properties', () => {
    const out = renderTemplate({ subject: '{{toString}} {{n}}', htmlContent: '', textContent: '' }, { n: 3 });
    expect(out.subject).toBe('{{toString}} 3');
  });

  it('keeps a subject on one line', () => {
    expect(renderTemplate({ subject: 'A {{x}}', htmlContent: '', textContent: '' }, { x: 'b\r\nBcc: evil@example.com' }).subject).toBe('A b Bcc: evil@example.com');
  });

  it('lists placeholders and escapes', () => {
    expect(placeholdersIn(template.htmlContent)).toEqual(['firstName', 'plan', 'unknown']);
    expect(escapeHtml('<a href="x">')).toBe('&lt;a href=&quot;x&quot;&gt;');
  });
});

describe('placeholders in links', () => {
  const linked = { subject: 's', htmlContent: '<p><a href="{{url}}">open</a></p>', textContent: '{{url}}' };

  it('keeps a placeholder address through sanitising and fills it on send', async () => {
    const { sanitizeTemplateHtml } = await import('./sanitize-template-html.ts');
    const stored = sanitizeTemplateHtml(linked.htmlContent);
    expect(stored).toBe('<p><a href="{{url}}">open</a></p>');
    expect(renderTemplate({ ...linked, htmlContent: stored }, { url: 'https://app.example/p?a=1&b=2' }).html).toBe('<p><a href="https://app.example/p?a=1&amp;b=2">open</a></p>');
  });

  it('drops a value that would make the link unsafe', () => {
    expect(renderTemplate(linked, { url: 'javascript:alert(1)' }).html).toBe('<p><a>open</a></p>');
    expect(renderTemplate({ ...linked, htmlContent: '<p>{{name}}</p>' }, { name: '<img src=x onerror=alert(1)>' }).html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
