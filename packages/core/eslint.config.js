import base, { queriesAllowed } from '@reelsmith/eslint-config';

// Core's queries are moving into packages/db repositories (issue 17). The folders listed here still
// hold their own; every other folder is held to the rule (no query builder outside packages/db).
const stillWritingQueries = ['src/billing/**'];

export default [...base, ...queriesAllowed.map((c) => ({ ...c, files: stillWritingQueries }))];
