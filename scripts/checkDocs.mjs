#!/usr/bin/env node
// Part of `npm run lint`: the docs may cite only what exists. Fails on a relative Markdown link to a
// missing file and on a `backticked` repository path (server/…, web/…, docs/…) that no longer
// exists, with or without its .ts/.tsx/.md ending, so a renamed or deleted file cannot leave the
// map pointing at nothing. Patterns (`*`, `{…}`, `<…>`) and URLs are not paths and are skipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const ROOTS = [
  'server/',
  'web/',
  'common/',
  'analytics/',
  'bench/',
  'scripts/',
  'e2e/',
  'deploy/',
  'samples/',
  'content/',
  'docs/',
  '.ci/',
];
const ENDINGS = ['', '.ts', '.tsx', '.mjs', '.md'];
const docs = ['README.md', 'CONTRIBUTING.md', 'web/README.md', 'deploy/README.md', 'bench/RESULTS.md'].filter((f) => existsSync(f));
for (const f of readdirSync('docs')) if (f.endsWith('.md')) docs.push(`docs/${f}`);

const exists = (path) => ENDINGS.some((ending) => existsSync(path + ending));
const problems = [];
for (const file of docs) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      if (!exists(resolve(dirname(file), target))) problems.push(`${file}:${i + 1}: a link to ${target}, which does not exist`);
    }
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const path = m[1].replace(/[:#(].*$/, '').replace(/\/$/, '');
      if (!ROOTS.some((r) => path.startsWith(r)) || /[*{}<>$]|\.\.\./.test(path)) continue;
      if (!exists(path)) problems.push(`${file}:${i + 1}: \`${m[1]}\` names a path that does not exist`);
    }
  });
}
if (problems.length > 0) {
  console.error(`The docs cite ${problems.length} missing file(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`docs: ${docs.length} files, every cited path exists`);
