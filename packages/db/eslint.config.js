import base, { queriesAllowed } from '@reelsmith/eslint-config';

export default [
  ...base,
  // The one place queries are written.
  ...queriesAllowed,
  // A migration is written against the schema of its day, not today's Database type: Kysely's documented `Kysely<any>`.
  { files: ['src/migrations/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
];
