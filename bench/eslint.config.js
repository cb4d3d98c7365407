import base, { queriesAllowed } from '@reelsmith/eslint-config';

// Benchmarks report to a terminal, and seed their data directly, as tests do.
export default [...base, ...queriesAllowed, { rules: { 'no-console': 'off' } }];
