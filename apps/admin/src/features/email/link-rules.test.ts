import { describe, expect, it } from 'vitest';
import { editorLinkHref } from './link-rules.ts';

describe('editor link addresses', () => {
  it('keeps http, https, mailto, tel and {{placeholder}} addresses', () => {
    for (const href of ['http://a.example', 'HTTPS://a.example/x', 'mailto:a@example.com', 'tel:+4412345', '{{appUrl}}']) expect(editorLinkHref(href)).toBe(href);
  });

  it('blanks every other address', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.example', '/relative', 'www.example.com', '', null]) expect(editorLinkHref(href)).toBe('');
  });
});
