import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { digestJob, sendDigests } from './digest';
import { createNotifications } from './notifications';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-20T08:00:00Z');

describe('the e-mail digest of unread messages and notifications', () => {
  let ctx: TestContext;
  const outbox = (to: string) =>
    ctx.database.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();
  const note = (userId: string, at: number) =>
    createNotifications(ctx.app.db, [userId], { type: 'other', category: 'other', at: new Date(at) });

  beforeAll(async () => {
    ctx = await createTestApp({ DIGEST_INTERVAL_MS: String(6 * HOUR) });
    for (const id of ['away', 'optout', 'quiet']) await signedIn(ctx, id);
    await ctx.database.db
      .updateTable('users')
      .set({
        notification_preferences: JSON.stringify({
          browserNotifications: [],
          browserNotificationsOn: false,
          appNotificationsOn: true,
          emailDigestOn: false,
        }),
      })
      .where('id', '=', 'optout')
      .execute();
  });
  afterAll(() => ctx.close());

  it('e-mails users with something new, at most once per interval, never those who turned it off or have nothing', async () => {
    await note('away', T0 - HOUR);
    await note('away', T0 - 2 * HOUR);
    await note('optout', T0 - HOUR);
    expect(await sendDigests(ctx.app.db, ctx.config, new Date(T0))).toBe(1);
    const [mail] = await outbox('away@bondwise.com');
    expect(mail!.subject).toBe('Bondwise: 2 new notifications');
    expect(mail!.text_body).toMatch(/2 new notifications, and 0 unread deal messages/);
    expect(await outbox('optout@bondwise.com')).toEqual([]);
    expect(await outbox('quiet@bondwise.com')).toEqual([]);

    // Within the interval: nothing more, even with news.
    await note('away', T0 + HOUR);
    expect(await sendDigests(ctx.app.db, ctx.config, new Date(T0 + 2 * HOUR))).toBe(0);
    // After it: only what came since the last digest.
    expect(await sendDigests(ctx.app.db, ctx.config, new Date(T0 + 6 * HOUR))).toBe(1);
    expect((await outbox('away@bondwise.com')).map((m) => m.subject)).toEqual([
      'Bondwise: 2 new notifications',
      'Bondwise: 1 new notification',
    ]);
    expect(await sendDigests(ctx.app.db, ctx.config, new Date(T0 + 13 * HOUR))).toBe(0);
  });

  it('as a job, digests on the scheduler’s clock: what is new by that time, stamped with it', async () => {
    await signedIn(ctx, 'returning');
    await note('returning', T0 + 20 * HOUR);
    await digestJob(ctx.config).run(ctx.app.db, { now: () => T0 + 21 * HOUR });
    expect((await outbox('returning@bondwise.com')).map((m) => m.subject)).toEqual(['Bondwise: 1 new notification']);
    const digest = await ctx.database.db
      .selectFrom('notification_digests')
      .select('last_sent_at')
      .where('user_id', '=', 'returning')
      .executeTakeFirstOrThrow();
    expect(digest.last_sent_at.getTime()).toBe(T0 + 21 * HOUR);
  });
});
