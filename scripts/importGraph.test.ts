import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './importGraph';

const root = resolve(__dirname, '..');

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('import cycles', () => {
  it.each(['web', 'common', 'server', 'analytics'])(
    '%s loads no module that, through others, loads it back',
    (folder) => {
      expect(importCycles(join(root, folder))).toEqual([]);
    },
    60_000,
  ); // reads a thousand files: a budget for a loaded CI machine, not a speed target

  it('finds a cycle through a re-export and an index file, and names its modules', () => {
    const dir = tree({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "export { c as b } from './c';\n",
      'c/index.ts': "import { a } from '../a';\nexport const c = a;\n",
      'd.ts': "import { a } from './a';\nexport const d = a;\n",
    });
    expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'c/index.ts']]);
  });

  it('leaves out imports the compiler erases: type-only imports and exports', () => {
    const dir = tree({
      'a.ts': "import type { B } from './b';\nimport { type B as C } from './b';\nexport type A = B | C;\n",
      'b.ts': "export type { A } from './a';\nexport type B = number;\n",
    });
    expect(importCycles(dir)).toEqual([]);
  });
});
