// A stand-in for Google's OpenID provider, started by Playwright's webServer (`node support/oidc-provider.ts`).
// Its /authorize answers at once with a code, so the browser round-trip needs no login form.
import { OAuth2Server } from 'oauth2-mock-server';
import { host, oidcClient, oidcIssuerUrl, oidcProviderPort, oidcUser } from './env.ts';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');

server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  token.payload.sub = oidcUser.sub;
  token.payload.email = oidcUser.email;
  token.payload.email_verified = true;
  token.payload.given_name = oidcUser.givenName;
  token.payload.family_name = oidcUser.familyName;
  token.payload.name = `${oidcUser.givenName} ${oidcUser.familyName}`;
  token.payload.aud = oidcClient.id;
});

// Without this the issuer would name itself 'localhost', a different host from the one the flow uses.
server.issuer.url = oidcIssuerUrl;
await server.start(oidcProviderPort, host);
console.log(`mock OpenID provider ready at ${oidcIssuerUrl}`);

const stop = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
