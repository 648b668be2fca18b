/**
 * The rest of the demo a desk sees on a fresh development start (issue 34, item 6), after
 * demoContent.ts: two pricing sheets of the demo user, a media library of two small files made in
 * code (a curve chart and a one-page PDF), three client organisations, and EDGAR term sheets
 * waiting in the admin's filings queue — the project's own FWP samples (samples/fwp), read by the
 * real parser. All written through the services a person's actions use. Never in production, and
 * only with DEMO_CONTENT.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Seeder } from '.';
import { projectRoot } from '../projectRoot';
import { createOrganization } from '../services/accounts/admin';
import { uploadMedia } from '../services/content/media';
import { createMediaStore } from '../services/content/media/store';
import { importFiling } from '../services/primary/edgar/filings';
import { createPricingSheet } from '../services/primary/pricingSheets';
import { demoAccountsToFill } from './demoContent';
import { curvePng, notePdf } from './demoFiles';

/** Fictional firms on reserved `.example` domains, so no real company (or demo account) joins one. */
const ORGANIZATIONS = [
  { name: 'Harbor Point Securities', type: 'sellside', domains: ['harborpoint.example'], subscribed: true },
  { name: 'Greyline Asset Management', type: 'buyside', domains: ['greyline-am.example'], subscribed: true },
  { name: 'Meridian Utilities Treasury', type: 'corporate', domains: ['meridian-utilities.example'], subscribed: false },
] as const;

/**
 * Term sheets an admin has to look at: one whose issuer the market does not hold (it waits for the
 * admin to name it), and two the parser flags — a price that contradicts its yield, a tranche
 * without a maturity (samples/fwp/README.md says what each shows).
 */
const FILINGS = ['northwind-3-tranche-table.html', 'contoso-price-contradicts-yield.txt', 'northwind-missing-maturity.html'];

export const demoDeskSeeder: Seeder = {
  name: 'demo-desk',
  async run({ db, config, log, now: clock }) {
    const accounts = await demoAccountsToFill(db, config);
    if (!accounts) return;
    const { admin, user } = accounts;
    const now = new Date(clock());

    // A sheet on the simulated market's busiest issuer, and a hypothetical one by sector and rating.
    const { rows: issuers } = await sql<{ id: number; name: string }>`
      select i.id, i.name from issuers i join bonds b on b.issuer_id = i.id
      group by i.id, i.name order by count(*) desc, i.id limit 1`.execute(db);
    if (issuers[0]) {
      await createPricingSheet(
        db,
        user.id,
        {
          name: `${issuers[0].name} 5s/10s`,
          notes: 'Two-tranche benchmark idea for the Monday call; concession at the recent average.',
          content: {
            issuerId: issuers[0].id,
            tranches: [
              { tenorYears: 5, sizeMm: 750 },
              { tenorYears: 10, sizeMm: 500 },
            ],
          },
        },
        now,
      );
    }
    await createPricingSheet(
      db,
      user.id,
      {
        name: 'Hypothetical A- industrial 7Y',
        notes: 'First-time issuer: where would a 7-year print against the sector curve?',
        content: { sector: 'INDU', rating: 'A-', tranches: [{ tenorYears: 7, sizeMm: 600, concessionBp: 10 }] },
      },
      now,
    );

    const store = await createMediaStore(config);
    try {
      const ctx = { store, secret: config.jwtSecret, publicUrl: config.publicUrl, now: now.getTime() };
      await uploadMedia(db, admin.id, 'treasury-curve-shape.png', curvePng(), ctx);
      await uploadMedia(
        db,
        admin.id,
        'new-issue-checklist.pdf',
        notePdf('New-issue checklist', [
          '1. Fair value: issuer curve at the tenor, sector curve where it is thin.',
          '2. Concession: the recent average for the rating class.',
          '3. Tightening from initial price talk: watch the book cover.',
          '4. Coupon: the reoffer yield rounded down to 1/8.',
        ]),
        ctx,
      );
    } finally {
      store.close?.();
    }

    for (const org of ORGANIZATIONS) await createOrganization(db, admin.id, { ...org, domains: [...org.domains] });

    for (const file of FILINGS) {
      const content = readFileSync(join(projectRoot, 'samples', 'fwp', file), 'utf8');
      await importFiling(db, { fileName: file, content }, admin.id, now);
    }
    log.info('Demo desk seeded: pricing sheets, media, organisations and EDGAR filings to review');
  },
};
