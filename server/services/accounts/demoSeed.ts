import type { Seeder } from '../../seed';
import { createUser, findUserByEmail } from './users';

/** Demo accounts of the embedded default (SEED_DEMO): fixed, printed at first start, never in production. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@bondwise.local', password: 'Bondwise-Admin-2026', name: 'Demo Admin', admin: true },
  { email: 'user@bondwise.local', password: 'Bondwise-User-2026', name: 'Demo User', admin: false },
] as const;

/** Creates the demo admin and user on first start and prints their credentials. */
export const demoAccountsSeeder: Seeder = {
  name: 'demo-accounts',
  async run({ db, config, log, now }) {
    if (config.env === 'production') {
      log.warn('SEED_DEMO is ignored in production: no demo accounts are created');
      return;
    }
    await db.transaction().execute(async (trx) => {
      for (const account of DEMO_ACCOUNTS) {
        if (await findUserByEmail(trx, account.email)) continue;
        await createUser(
          trx,
          config,
          {
            email: account.email,
            name: account.name,
            password: account.password,
            isAdmin: account.admin,
            tosConsent: true,
            via: 'demo-seed',
          },
          new Date(now()),
        );
      }
    });
    log.info(
      `Demo accounts (development only):\n${DEMO_ACCOUNTS.map((a) => `  ${a.admin ? 'admin' : 'user '}  ${a.email}  password: ${a.password}`).join('\n')}`,
    );
  },
};
