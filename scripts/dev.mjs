#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` (restarts when a server file changes) and Vite's dev
// server with hot reload (http://localhost:5173/app/, proxying the API to the server), together.
// Ctrl+C stops both; if either dies, the other is stopped too.
import { spawn } from 'node:child_process';

const children = [
  // The local binaries themselves, not through npx, which does not pass a SIGTERM on.
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SKIP_WEB_BUILD: '1' },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
let stopping = false;
const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
