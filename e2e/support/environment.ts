import { fileURLToPath } from 'node:url';

/**
 * Where the e2e server listens and keeps its data; shared by the config and the tests.
 * Setting E2E_PORT gives the run its own data directory and log too, so two engineers' runs on
 * one machine do not wipe each other's server (`E2E_PORT=8093 npx playwright test e2e/x.e2e.ts`).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
const suffix = process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : '';
export const E2E_DATA_DIR = fileURLToPath(new URL(`../../.tmp/e2e-data${suffix}`, import.meta.url));
export const E2E_LOG_FILE = fileURLToPath(new URL(`../../.tmp/e2e-server${suffix}.log`, import.meta.url));
