// Core holds no SQL: every query lives in a packages/db repository (issue 17), and the shared rule
// (no query builder or sql`` outside packages/db) applies here with no exemption.
export { default } from '@reelsmith/eslint-config';
