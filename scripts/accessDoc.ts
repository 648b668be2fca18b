/**
 * `npm run docs:access` — writes docs/access.md, the table of every route and its access, from
 * the route inventory of the real app. The app is built on a throwaway in-memory database (no
 * route reads it while registering), so this needs no running server or configuration.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { wrapPglite } from '../server/db/database';
import { projectRoot } from '../server/projectRoot';
import { ACCESS_DOC_PATH, renderAccessDoc } from '../server/plugins/accessDoc';

const database = wrapPglite(new PGlite());
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '.tmp/access-doc',
  JWT_SECRET: 'access-doc-generator-secret-long-enough-for-hs256',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, db: database.db, logger: false });
await app.ready();
const file = join(projectRoot, ACCESS_DOC_PATH);
writeFileSync(file, renderAccessDoc(app.routeInventory));
await app.close();
await database.close();
process.stdout.write(`${ACCESS_DOC_PATH}: ${app.routeInventory.filter((r) => !r.hidden).length} routes\n`);
