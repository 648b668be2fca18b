/**
 * Imported first by web/main.tsx, so that this runs before the rest of the start-up bundle is
 * evaluated: the opening page's health check, chunk and reads start now (routing/earlyStart.ts).
 */
import { hashPathname, startEarly } from './routing/earlyStart';

startEarly(hashPathname(window.location.hash));
