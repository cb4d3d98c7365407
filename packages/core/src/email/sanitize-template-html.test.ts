import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml as clean } from './sanitize-template-html.ts';

describe('sanitizeTemplateHtml', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h1 style="text-align: center">Hi {{firstName}}</h1><h2>Two</h2><h3>Three</h3>' +
      '<p style="text-align: right"><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s><strike>s</strike><br></p>' +
      '<p><span style="color: #ff0000">red</span><mark data-color="#ffff00" style="background-color: #ffff00; color: inherit">hi</mark></p>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul>' +
      '<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank">web</a> <a href="mailto:a@example.com">mail</a> <a href="tel:+123">call</a></p>' +
      '<img src="https://example.com/logo.png" alt="logo">';
    const out = clean(html);
    for (const part of ['<h1 style="text-align:center">', '<h2>', '<h3>', '<strong>', '<em>', '<u>', '<s>', '<strike>', '<ol>', '<ul>', '<li>']) {
      expect(out).toContain(part);
    }
    expect(out).toContain('<span style="color:#ff0000">red</span>');
    expect(out).toContain('background-color:#ffff00');
    expect(out).toContain('href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('href="mailto:a@example.com"');
    expect(out).toContain('href="tel:+123"');
    expect(out).toContain('<img src="https://example.com/logo.png" alt="logo" />');
    expect(out).toContain('{{firstName}}');
  });

  it('drops javascript:, data:, vbscript: and obfuscated link schemes', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'jav&#x61;script:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)', '//evil.example/x', 'ftp://example.com/f']) {
      const out = clean(`<a href="${href}">x</a>`);
      expect(out).toBe('<a>x</a>');
    }
  });

  it('allows images only over http(s): data: and javascript: sources remove the image', () => {
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="x" onerror="alert(1)">')).toBe('');
  });

  it('removes event-handler attributes', () => {
    expect(clean('<img src="https://e.com/a.png" onerror="alert(1)">')).toBe('<img src="https://e.com/a.png" />');
    expect(clean('<p onclick="steal()" onmouseover="x()">hi</p>')).toBe('<p>hi</p>');
    expect(clean('<a href="https://e.com" onClick="x()">a</a>')).toBe('<a href="https://e.com">a</a>');
  });

  it('removes scripts, iframes, objects, forms and styles with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(clean('<style>body{background:url(javascript:x)}</style>ok')).toBe('ok');
    expect(clean('<object data="x.swf"></object><embed src="x"><form action="https://e"><input name="a"></form>ok')).toBe('ok');
    expect(clean('<svg onload="alert(1)"><circle/></svg>ok')).toBe('ok');
  });

  it('keeps only the allowed style properties and values', () => {
    expect(clean('<span style="color: red; position: fixed; top: 0">x</span>')).toBe('<span style="color:red">x</span>');
    expect(clean('<span style="color: expression(alert(1))">x</span>')).toBe('<span>x</span>');
    expect(clean('<span style="background-color: url(javascript:alert(1))">x</span>')).toBe('<span>x</span>');
    expect(clean('<p style="text-align: center; behavior: url(x.htc)">x</p>')).toBe('<p style="text-align:center">x</p>');
    expect(clean('<div style="color:red">x</div>')).toBe('x');
  });

  it('defeats nested and malformed tricks', () => {
    expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(clean('<a href="javascript&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<p><a href="https://e.com"><img src="https://e.com/a.png" onerror=alert(1)></a></p>')).toBe(
      '<p><a href="https://e.com"><img src="https://e.com/a.png" /></a></p>',
    );
    expect(clean('"><img src=x onerror=alert(1)>')).not.toMatch(/onerror|<img/);
    expect(clean('<!-- <script>x</script> --><p>ok</p>')).toBe('<p>ok</p>');
  });
});
