// The parsing thread's entry in development and tests: worker threads start under plain Node,
// so this registers tsx's TypeScript loader, then loads the tasks (parseTasks.ts). The production
// build bundles parseTasks.ts itself as dist/server/parseThread.mjs (package.json "build"), found
// beside the bundled server under the same name.
import { register } from 'tsx/esm/api';

register();
await import('./parseTasks.ts');
