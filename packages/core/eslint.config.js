import base, { queriesAllowed } from '@reelsmith/eslint-config';

// Core still writes most of its own queries: they move into packages/db repositories next (issue 17).
export default [...base, ...queriesAllowed];
