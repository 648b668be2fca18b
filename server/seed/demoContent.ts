/**
 * A little realistic demo content for a fresh development start (issue 34, item 6), so a newcomer
 * sees a living product rather than blank pages: blog posts, platform commentary, a custom bond
 * table and market hawk alerts for the demo user, and a deal message on the newest deal the demo
 * user follows. Written through the services a person's actions go through, so it is shaped
 * exactly like real content. Never in production, and only with DEMO_CONTENT (on by default with
 * the demo accounts; the browser tests switch it off so their expectations start from empty).
 */
import { type Kysely, sql } from 'kysely';
import type { Seeder } from '.';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createBondTable } from '../services/bondTables';
import { createPost } from '../services/content/blog/write';
import { createCommentary } from '../services/content/commentary';
import { createSubscription } from '../services/hawk/subscriptions';
import { createMessage, setFollowing } from '../services/messaging/messages';
import { DEMO_ACCOUNTS } from '../services/accounts/demoSeed';

const BLOG_POSTS = [
  {
    title: 'Reading evaluated prices when a bond has not traded',
    summary: 'How the confidence score and the issuer curve fill the gaps between prints.',
    markdown:
      'Most corporate bonds do not trade every day. When one has not printed, its evaluated price comes from the issuer curve: the moves its traded siblings reveal, carried to its tenor.\n\n' +
      '**Confidence** tells you how much to lean on it — high when the bond traded today in size, lower as the last print ages.\n\n' +
      'Open any bond and look at *Pricing* for the lineage of its price.',
    tags: ['pricing', 'how-to'],
  },
  {
    title: 'Week ahead: supply, payrolls and the long end',
    summary: 'Heavy IG calendar expected; the 10s30s curve has steepened five days running.',
    markdown:
      'Syndicate desks expect another heavy week of investment-grade supply, with financials leading. Concessions have been running near their recent average.\n\n' +
      'On the curve, the Treasury 10s30s slope has steepened for five sessions; watch the long end into payrolls on Friday.',
    tags: ['market', 'weekly'],
  },
];

const COMMENTARY = [
  {
    headline: 'IG spreads tighter on the week; HY lags',
    markdown:
      'Investment-grade G-spreads are a few basis points tighter on the week, led by 5–7Y financials. High yield lagged as energy names widened.',
  },
  {
    headline: 'New issues: books covered over 3x on average',
    markdown: 'This week’s deals priced with an average cover above 3x and tightened 20–25 bp from initial price talk.',
  },
];

type DemoAccountRow = { id: string; email: string };

/**
 * The demo admin and user whose desk gets demo content, or undefined when none is due: never in
 * production, only with DEMO_CONTENT, and only once the demo accounts exist.
 */
export async function demoAccountsToFill(
  db: Kysely<Database>,
  config: Pick<Config, 'env' | 'demoContent'>,
): Promise<{ admin: DemoAccountRow; user: DemoAccountRow } | undefined> {
  if (config.env === 'production' || !config.demoContent) return undefined;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const admin = users.find((u) => u.email === DEMO_ACCOUNTS[0].email);
  const user = users.find((u) => u.email === DEMO_ACCOUNTS[1].email);
  return admin && user ? { admin, user } : undefined;
}
export const demoContentSeeder: Seeder = {
  name: 'demo-content',
  async run({ db, config, log, now: clock }) {
    const accounts = await demoAccountsToFill(db, config);
    if (!accounts) return;
    const { admin, user } = accounts;
    const now = new Date(clock());
    const adminCaller = { userId: admin.id, isAdmin: true };

    for (const [i, post] of BLOG_POSTS.entries()) {
      const publishAt = new Date(now.getTime() - (BLOG_POSTS.length - i) * 86_400_000).toISOString();
      await createPost(db, adminCaller, { ...post, status: 'published', public: true, publishAt }, { now, publicUrl: config.publicUrl });
    }
    for (const item of COMMENTARY) await createCommentary(db, admin.id, { ...item, publishAt: null }, now);

    await createBondTable(db, user.id, {
      name: 'IG financials 5–10Y',
      filters: { sector: ['Financials'], rating: ['IG'], tenor: ['5Y', '7Y', '10Y'] },
    } as Parameters<typeof createBondTable>[2]);

    const { rows: bonds } = await sql<{ id: number }>`
      select b.id from bonds b join bond_market_state s on s.bond_id = b.id order by b.amount_outstanding desc nulls last limit 1`.execute(
      db,
    );
    if (bonds[0]) {
      await createSubscription(
        db,
        config,
        user.id,
        {
          name: 'Benchmark G-spread move',
          rule: { kind: 'move', metric: 'gSpread', threshold: 5, window: '1d' },
          target: { kind: 'bond', bondId: bonds[0].id },
          frequency: { type: 'daily' },
          channels: ['in_app'],
        },
        now,
      );
    }
    await createSubscription(
      db,
      config,
      user.id,
      {
        name: 'New IG deals',
        rule: { kind: 'newDeal', sector: null, ratingClass: 'IG' },
        target: { kind: 'market' },
        frequency: { type: 'every', cooldownMinutes: 30 },
        channels: ['in_app'],
      },
      now,
    );

    const deal = await db.selectFrom('deals').select('id').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (deal) {
      await setFollowing(db, { userId: user.id, isAdmin: false }, deal.id, true, now);
      await createMessage(
        db,
        adminCaller,
        {
          dealId: deal.id,
          message: 'Books are over 3x covered; guidance revised 15 bp tighter. Final terms expected within the hour.',
          recipients: { followers: true, organizationTypes: [], organizations: [] },
        },
        now,
      );
    }
    log.info('Demo content seeded: blog, commentary, a custom table, alerts and a deal message');
  },
};
