import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { demoAccountsSeeder } from '../services/accounts/demoSeed';
import { marketSeeder } from '../services/market/simulator/seeder';
import { demoContentSeeder } from './demoContent';
import { demoDeskSeeder } from './demoDesk';

export interface SeedContext {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  /** The clock (ms since the epoch) the seeds stamp their rows with. */
  now: () => number;
  /** Progress for long seeds: done of total, printed as a bar on a terminal. */
  progress(label: string, done: number, total: number): void;
}

export interface Seeder {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/**
 * Seeders run once, on the first start of a fresh database, in this order. Each records itself
 * in app_settings so a restart after a crash seeds only what is missing.
 */
export const seeders: Seeder[] = [demoAccountsSeeder, marketSeeder, demoContentSeeder, demoDeskSeeder];

export async function runSeeds(ctx: SeedContext, list: Seeder[] = seeders): Promise<void> {
  // On the public sources the market comes from FINRA and the other feeds, not the simulator.
  if (ctx.config.marketSource === 'public') list = list.filter((s) => s !== marketSeeder);
  for (const seeder of list) {
    const key = `seeded:${seeder.name}`;
    const done = await ctx.db.selectFrom('app_settings').select('key').where('key', '=', key).executeTakeFirst();
    if (done) continue;
    ctx.log.info(`Seeding ${seeder.name}…`);
    await seeder.run(ctx);
    await ctx.db
      .insertInto('app_settings')
      .values({ key, value: JSON.stringify(new Date(ctx.now()).toISOString()), updated_at: new Date(ctx.now()) })
      .execute();
  }
}

/** A terminal progress bar when stdout is a TTY, a log line every 10% otherwise. */
export function progressReporter(log: FastifyBaseLogger): SeedContext['progress'] {
  let lastDecile = -1;
  return (label, done, total) => {
    const fraction = total === 0 ? 1 : done / total;
    if (process.stdout.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stdout.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(fraction * 100)}%`);
      if (done >= total) process.stdout.write('\n');
      return;
    }
    const decile = Math.floor(fraction * 10);
    if (decile !== lastDecile) {
      lastDecile = decile;
      log.info(`${label}: ${Math.round(fraction * 100)}%`);
    }
  };
}
