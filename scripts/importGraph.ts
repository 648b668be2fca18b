/**
 * The web app's runtime import graph, read with TypeScript's own parser: which module loads which
 * at run time (type-only imports and exports are left out, as the compiler erases them). Used by
 * the test that keeps the app free of import cycles (issue 36): a cycle makes a module's exports
 * `undefined` while the other is still loading, an error that shows only in some load orders.
 * The same test keeps each web page area to itself: what two areas share lives in components/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Source files under `dir`; tests only when asked (nothing loads a test, so none is in a cycle). */
function sourceFiles(dir: string, { withTests = false } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path, { withTests });
    const wanted = SOURCE.test(name) && (withTests || !/\.test\.tsx?$/.test(name)) && !name.endsWith('.d.ts');
    return wanted ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  if (SOURCE.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/**
 * The file up to its last line that ends a module specifier: import and re-export statements are
 * all in it, and the parser need not read the rest (a fifth of the time over the whole tree).
 */
function importSection(text: string): string {
  const matches = [...text.matchAll(/^.*(?:from\s+|import\s+)['"][^'"\n]+['"];?[ \t]*$/gm)];
  const last = matches.at(-1);
  return last === undefined ? '' : text.slice(0, last.index + last[0].length);
}

/** Relative module specifiers a file loads at run time. */
export function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, importSection(text), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!allTypes && ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    }
  }
  return found.filter((s) => s.startsWith('.'));
}

/**
 * Every relative module a file names: imports and re-exports, type-only ones too, and dynamic
 * `import()` (the route table's lazy pages). For where a module may reach, not what loads when.
 */
export function namedModules(file: string, text: string): string[] {
  return moduleSpecifiers(file, text).filter((s) => s.startsWith('.'));
}

/** Every module a file names, packages too (what namedModules reads, before keeping the relative ones). */
function moduleSpecifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier !== undefined && ts.isStringLiteralLike(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The area of a path under the web root (`pages/<area>/…`), or null outside the page folders. */
function pageArea(path: string): string | null {
  const [top, area, ...rest] = path.split(sep);
  return top === 'pages' && area !== undefined && rest.length > 0 ? area : null;
}

/** Web modules outside the page folders that load pages: the route table, which lazy-loads each one. */
const PAGE_LOADERS = /^(routes\.tsx|routing[/\\].*)$/;

/**
 * Imports that cross a page area (`web/pages/<area>/`), as "from → to" relative to `webRoot`: a
 * page folder naming another's module, or code outside the page folders other than the route
 * table naming a page folder's. What more than one area uses lives in `web/components/`.
 */
export function pageAreaCrossings(webRoot: string): string[] {
  const crossings: string[] = [];
  for (const file of sourceFiles(webRoot, { withTests: true })) {
    const from = relative(webRoot, file);
    const fromArea = pageArea(from);
    for (const specifier of namedModules(file, readFileSync(file, 'utf8'))) {
      const target = resolveRelative(file, specifier);
      if (target === null || !target.startsWith(webRoot)) continue;
      const to = relative(webRoot, target);
      const toArea = pageArea(to);
      if (toArea === null || toArea === fromArea) continue;
      if (fromArea === null && PAGE_LOADERS.test(from)) continue;
      crossings.push(`${from} → ${to}`);
    }
  }
  return crossings.sort();
}

/**
 * The page files (under `webRoot/pages/`) that name one of `packages` or a module inside it, as
 * "file → package", relative to `webRoot`. Type-only imports count: a page that types a cell with
 * the grid's own props still speaks the grid's language.
 */
export function pagePackageImports(webRoot: string, packages: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(webRoot, 'pages'), { withTests: true })) {
    for (const specifier of moduleSpecifiers(file, readFileSync(file, 'utf8'))) {
      const pkg = packages.find((p) => specifier === p || specifier.startsWith(`${p}/`));
      if (pkg) found.push(`${relative(webRoot, file)} → ${pkg}`);
    }
  }
  return found.sort();
}

/** Every cycle (as a list of paths relative to `root`) among the modules under `root`. */
export function importCycles(root: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const targets = runtimeImports(file, readFileSync(file, 'utf8'))
      .map((s) => resolveRelative(file, s))
      .filter((t): t is string => t !== null && t.startsWith(root));
    graph.set(file, targets);
  }
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || (graph.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => group.map((f) => relative(root, f)).sort());
}

/** Tarjan's strongly connected components; each component of two or more modules is a cycle. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}
