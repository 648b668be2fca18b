import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is): found from this file upwards, so it is the same
 * whether the server runs from its sources (server/) or from the production bundle (dist/server/).
 */
export function findProjectRoot(start: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot();
