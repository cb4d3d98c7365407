// Addresses and fixed identities shared by playwright.config.ts, the mock OpenID provider and the specs.
// One hostname (127.0.0.1) everywhere: the OAuth state cookie is bound to the host the flow starts on.

export const host = '127.0.0.1';

/** The server with no Google client configured: /auth/google leads to the development sign-in page. */
export const devServerPort = Number(process.env.E2E_DEV_PORT ?? 3101);
/** The server configured for OpenID Connect against the mock provider below. */
export const oidcServerPort = Number(process.env.E2E_OIDC_PORT ?? 3102);
/** oauth2-mock-server standing in for Google. */
export const oidcProviderPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? 3103);
/** The loopback SMTP server the e-mail spec starts; the development sign-in server sends through it. */
export const smtpSinkPort = Number(process.env.E2E_SMTP_PORT ?? 3104);

export const devServerUrl = `http://${host}:${devServerPort}`;
export const oidcServerUrl = `http://${host}:${oidcServerPort}`;
export const oidcIssuerUrl = `http://${host}:${oidcProviderPort}`;

export const oidcClient = { id: 'reelsmith-e2e', secret: 'reelsmith-e2e-secret' } as const;

/** The claims every id_token the mock provider signs carries. */
export const oidcUser = {
  sub: 'e2e-google-sub-0001',
  email: 'oidc.tester@example.com',
  givenName: 'Olivia',
  familyName: 'Dent',
} as const;

/** The main admin the development sign-in server seeds on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const e2eAdmin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.com',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'E2e-Admin-Passw0rd!',
} as const;

/** The server whose talking videos come from a fake fal that takes minutes per render (web/wizard-slow-provider.spec.ts). */
export const slowServerPort = Number(process.env.E2E_SLOW_PORT ?? 3105);
/** The proxy in front of it that ends every request after `proxyRequestLimitMs`, as a load balancer would; the browser only talks to it. */
export const slowProxyPort = Number(process.env.E2E_SLOW_PROXY_PORT ?? 3106);
export const slowProxyUrl = `http://${host}:${slowProxyPort}`;
export const proxyRequestLimitMs = 30_000;
/** How long each fake fal render takes (the issue asks for 3 minutes). */
export const slowRenderMs = Number(process.env.E2E_SLOW_RENDER_MS ?? 180_000);
