// Node options for the server process, one definition for `npm start` and the API benchmark
// (which runs the server in its own process and re-runs itself with them).
//
// --max-semi-space-size=64: a bond-table page is a ~50 KB string and every request allocates
// short-lived objects; with V8's default 16 MB young generation the mixed API load spent 4.4 % of
// the server's main thread in scavenges, 2.5 % with 64 MB (profiles of the timed window,
// 26 Nov 2026). The cost is up to ~100 MB more of resident memory.
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];

/** NODE_OPTIONS with the server's options added to any the caller set. */
export function withServerNodeOptions(existing = '') {
  const missing = SERVER_NODE_OPTIONS.filter((option) => !existing.includes(option.split('=')[0]));
  return [existing, ...missing].filter(Boolean).join(' ');
}
