#!/usr/bin/env node
// `npm start`: in production (NODE_ENV=production) the compiled server made by `npm run build`
// (dist/server/index.mjs), run by plain Node — no tsx, no Vite at run time; anywhere else the
// TypeScript sources through tsx, building the web app first when its sources changed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { withServerNodeOptions } from './nodeOptions.mjs';

const production = process.env.NODE_ENV === 'production';
const compiled = 'dist/server/index.mjs';
if (production && !existsSync(compiled)) {
  console.error(`Bondwise: ${compiled} is missing; run \`npm run build\` before \`NODE_ENV=production npm start\`.`);
  process.exit(1);
}
// The local tsx binary itself, not through npx, which does not pass a SIGTERM on.
const [command, args] = production ? [process.execPath, [compiled]] : ['node_modules/.bin/tsx', ['server/index.ts']];
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: withServerNodeOptions(process.env.NODE_OPTIONS) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
