/**
 * One more API instance for `npm run bench:api -- --engine postgres --instances N`, run as a
 * child process (fork) on the same PostgreSQL database, as deploy/ runs several behind nginx.
 * The parent sends `{ url, config }`; this process builds the real app, listens on a free
 * loopback port and answers `{ port }`; then `cpu` asks for its CPU time so far, `close` ends it.
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/database';

export interface InstancePlan {
  url: string;
  env: Record<string, string>;
}

if (process.send) {
  process.once('message', (plan: InstancePlan) => {
    void (async () => {
      const handle = openPostgres(plan.url, 20);
      const app = await buildApp({ config: loadConfig(plan.env), db: handle.db, logger: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      process.on('message', (m: string) => {
        if (m === 'cpu') {
          const { user, system } = process.cpuUsage();
          process.send!({ cpuMs: (user + system) / 1000 });
        }
        if (m === 'close') void app.close().then(() => handle.close().then(() => process.exit(0)));
      });
      process.send!({ port: (app.server.address() as { port: number }).port });
    })();
  });
}
