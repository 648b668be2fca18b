import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, pageAreaCrossings, pagePackageImports } from './importGraph';

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

describe('web page areas', () => {
  it('a page folder names no other page folder’s module, and only the route table names pages', () => {
    expect(pageAreaCrossings(join(root, 'web'))).toEqual([]);
  }, 60_000);

  it('finds an area reaching into another, by any import, and code outside the pages reaching in', () => {
    const dir = tree({
      'routes.tsx': "export const pages = [() => import('./pages/a/APage')];\n",
      'routing/table.ts': "export const lazy = () => import('../pages/b/BPage');\n",
      'components/Shared.tsx': "import { a } from '../pages/a/APage';\nexport const shared = a;\n",
      'components/Shared.test.tsx': "import { b } from '../pages/b/BPage';\nexport const t = b;\n",
      'pages/a/APage.tsx': "import type { B } from '../b/BPage';\nimport { helper } from './sub/helper';\nexport const a: B = helper;\n",
      'pages/a/sub/helper.ts': "import { shared } from '../../../components/Shared';\nexport const helper = shared;\n",
      'pages/b/BPage.tsx': "export type B = number;\nexport const b = () => import('../a/sub/helper');\n",
    });
    expect(pageAreaCrossings(dir)).toEqual([
      'components/Shared.test.tsx → pages/b/BPage.tsx',
      'components/Shared.tsx → pages/a/APage.tsx',
      'pages/a/APage.tsx → pages/b/BPage.tsx',
      'pages/b/BPage.tsx → pages/a/sub/helper.ts',
    ]);
  });
});

describe('the table grid stays inside DataTable', () => {
  // Pages declare columns in the app's words (web/components/tableColumns.tsx); only
  // web/components speaks AG Grid, so a grid upgrade or swap touches one folder (issue 36).
  const GRID = ['ag-grid-community', 'ag-grid-react'];

  it('no page imports AG Grid', () => {
    expect(pagePackageImports(join(root, 'web'), GRID)).toEqual([]);
  }, 60_000);

  it('finds a page importing the grid, a type only or a module inside the package, and not components', () => {
    const dir = tree({
      'components/DataTable.tsx': "import { AgGridReact } from 'ag-grid-react';\nexport const t = AgGridReact;\n",
      'pages/a/Grid.tsx': "import type { ColDef } from 'ag-grid-community';\nexport type C = ColDef;\n",
      'pages/b/Cell.test.tsx': "import { x } from 'ag-grid-react/dist/thing';\nexport const y = x;\n",
      'pages/b/Other.tsx': "import { y } from 'ag-grid-communityish';\nexport const z = y;\n",
    });
    expect(pagePackageImports(dir, GRID)).toEqual(['pages/a/Grid.tsx → ag-grid-community', 'pages/b/Cell.test.tsx → ag-grid-react']);
  });
});
