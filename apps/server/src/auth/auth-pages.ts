// Server-rendered pages of the sign-in flow.
import { escapeHtml, page } from '../html/page.ts';

export { escapeHtml };

export function devSignInPage(options: { error?: string; email?: string; name?: string }): string {
  const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : '';
  return page(
    'Development sign-in',
    `<a class="brand" href="/">Reelsmith</a>
<h1>Development sign-in</h1>
<div class="banner" role="note"><strong>For development only.</strong> Google sign-in is not configured on this server,
so any e-mail signs in here without a password. Production servers refuse to start like this.</div>
${error}
<form method="post" action="/auth/dev">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.email ?? '')}">
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(options.name ?? '')}">
  <button type="submit">Sign in</button>
</form>`,
  );
}

export function signInErrorPage(message: string): string {
  return page(
    'Sign-in failed',
    `<a class="brand" href="/">Reelsmith</a><h1>Sign-in failed</h1>
<div class="error" role="alert">${escapeHtml(message)}</div>
<a class="button" href="/auth/google">Try again</a>`,
  );
}
