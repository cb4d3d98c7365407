// Fails on any import cycle inside a workspace package (type-only imports count: a cycle of types is
// still two modules that cannot be understood, moved or tested apart). Packages import one another
// through their names, and pnpm's workspace graph keeps those acyclic.
//
//   node scripts/check-import-cycles.ts
import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import madge from 'madge';

const root = resolve(import.meta.dirname, '..');
const dirs = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(root, group, d.name, d.name === 'e2e' ? '.' : 'src'))
    .filter((dir) => existsSync(dir)),
);
dirs.push(join(root, 'bench'));

let cycles = 0;
for (const dir of dirs) {
  const graph = await madge(dir, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(root, 'tsconfig.json'),
    excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/],
  });
  for (const cycle of graph.circular()) {
    cycles += 1;
    console.error(`import cycle in ${dir.slice(root.length + 1)}: ${[...cycle, cycle[0]].join(' → ')}`);
  }
}
if (cycles) {
  console.error(`${cycles} import cycle(s): move what both sides need into a module of its own.`);
  process.exit(1);
}
console.warn(`no import cycles in ${dirs.length} packages`);
