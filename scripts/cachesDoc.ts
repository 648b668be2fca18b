/**
 * `npm run docs:caches` — writes docs/caches.md, the table of every cache and read model the
 * server keeps, from their declarations (server/services/caches/registry.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../server/projectRoot';
import { CACHES_DOC_PATH, loadAllCaches, renderCachesDoc } from '../server/services/caches/cachesDoc';

const caches = await loadAllCaches();
writeFileSync(join(projectRoot, CACHES_DOC_PATH), renderCachesDoc(caches));
process.stdout.write(`${CACHES_DOC_PATH}: ${caches.length} caches\n`);
