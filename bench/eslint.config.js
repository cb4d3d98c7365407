import base from '@reelsmith/eslint-config';

// Benchmarks report to a terminal.
export default [...base, { rules: { 'no-console': 'off' } }];
