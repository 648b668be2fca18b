/**
 * `npm run replay`: serves the recorded public-source fixtures (samples/replay) at
 * http://127.0.0.1:REPLAY_PORT (default 8790), so the whole product runs on real-shaped data
 * offline. Then, in another terminal:
 *   MARKET_SOURCE=public FINRA_BASE_URL=http://127.0.0.1:8790/finra npm start
 */
import { fileURLToPath } from 'node:url';
import { createReplayServer } from '../server/services/sources/replay/replayServer';

const root = process.env.REPLAY_DIR ?? fileURLToPath(new URL('../samples/replay', import.meta.url));
const port = Number(process.env.REPLAY_PORT ?? 8790);
const host = process.env.REPLAY_HOST ?? '127.0.0.1';
const server = createReplayServer(root);
server.listen(port, host, () => {
  console.log(`Replaying ${root} at http://${host}:${port}`);
  console.log(`  FINRA:  FINRA_BASE_URL=http://${host}:${port}/finra`);
  console.log('Run the product on it: MARKET_SOURCE=public FINRA_BASE_URL=http://' + host + ':' + port + '/finra npm start');
});
