import base from '@reelsmith/eslint-config';

// The OpenAPI client types are generated (scripts/generate-openapi-client.ts), not written.
export default [...base, { ignores: ['test/openapi-client.generated.ts'] }];
