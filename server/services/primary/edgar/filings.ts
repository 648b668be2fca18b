/**
 * EDGAR pricing term sheets as the product keeps them: an upload is read (fwpParser.ts) and stored
 * once per distinct document; a complete reading whose issuer is known becomes its priced deal and
 * bonds at once, anything else waits for an admin, who corrects fields (re-checked as the parser
 * checks them) and makes the deal, naming the issuer when the sheet's is not known. Every admin
 * change is audited; nothing is half-written (one transaction each).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EdgarUploadResponse, Filing, FilingList, FilingStatus, TermSheetReading } from '../../../../common/api/edgar';
import type { Database } from '../../../db/schema';
import { writeAudit } from '../../audit';
import { ServiceRefusal, unknownIssuer } from '../../refusal';
import { bodyRefusal } from '../../../../common/api/shared';
import { writeDealFromReading } from './dealFromFiling';
import type { TermSheetParse, TermSheetProblem } from './fwpParser';
import { parseTermSheetOffThread } from '../../../workers/parsing';
import { issuerKey, problemsOf, readingOf } from './review';
import { looksLikeHtml } from './documentBlocks';
import { filingHasTapped, findTappedBonds } from './taps';

/** An unknown filing (404), or one that cannot become a deal as it stands (400), naming the field. */
export class FilingError extends ServiceRefusal {}

type Issuer = { id: number; ticker: string; name: string };

/**
 * The issuer a sheet names: by legal name, display name, or the admins' display-name override
 * (a sheet may use the name the desk knows, which an admin set as the override).
 */
async function matchIssuer(db: Kysely<Database>, name: string | null): Promise<Issuer | null> {
  if (!name) return null;
  const key = issuerKey(name);
  const issuers = await db
    .selectFrom('issuers as i')
    .leftJoin('display_name_overrides as o', (j) => j.onRef('o.subject_id', '=', 'i.id').on('o.subject_type', '=', 'issuer'))
    .select(['i.id', 'i.ticker', 'i.name', 'i.display_name', 'o.display_name as override'])
    .orderBy('i.id')
    .execute();
  const hit = issuers.find(
    (i) => issuerKey(i.name) === key || issuerKey(i.display_name) === key || (i.override !== null && issuerKey(i.override) === key),
  );
  return hit ? { id: hit.id, ticker: hit.ticker, name: hit.name } : null;
}

const statusOf = (problems: TermSheetProblem[], dealId: number | null): FilingStatus =>
  problems.length > 0 ? 'needs review' : dealId === null ? 'parsed' : 'imported';

/**
 * Stores and reads a term sheet; a complete one with a known issuer becomes its deal at once.
 * A caller that has already read the sheet (the EDGAR poller decides from the reading whether it
 * is a term sheet at all) hands its reading over in `parsed` rather than have it read twice.
 */
export async function importFiling(
  db: Kysely<Database>,
  upload: { fileName: string; content: string; contentType?: 'html' | 'text' | undefined; parsed?: TermSheetParse },
  uploadedBy: string | null,
  now: Date,
): Promise<EdgarUploadResponse & { bondIds: number[] }> {
  const digest = createHash('sha256').update(upload.content).digest('hex');
  const known = await db
    .selectFrom('edgar_filings')
    .select(['id', 'status', 'problems', 'deal_id'])
    .where('digest', '=', digest)
    .executeTakeFirst();
  if (known) return { id: known.id, status: known.status, problems: known.problems, dealId: known.deal_id, duplicate: true, bondIds: [] };

  const contentType = upload.contentType ?? (looksLikeHtml(upload.content) ? 'html' : 'text');
  // On the parsing thread: a large sheet is seconds of CPU the HTTP event loop must not wait on.
  const parse = upload.parsed ?? (await parseTermSheetOffThread(upload.content, contentType));
  const rejected = parse.status === 'rejected';
  const reading = readingOf(parse);
  const issuer = rejected ? null : await matchIssuer(db, parse.issuer);
  return db.transaction().execute(async (trx) => {
    const filing = await trx
      .insertInto('edgar_filings')
      .values({
        file_name: upload.fileName,
        content_type: contentType,
        digest,
        source: upload.content,
        status: parse.status,
        layout: parse.layout,
        reading: JSON.stringify(reading),
        problems: JSON.stringify(parse.problems),
        uploaded_by: uploadedBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (parse.status !== 'parsed' || !issuer) {
      return { id: filing.id, status: parse.status, problems: parse.problems, dealId: null, duplicate: false, bondIds: [] };
    }
    // A reopening whose bond is not held (or not the sheet's) waits for review, saying so.
    const { taps, problems } = await findTappedBonds(trx, reading, issuer.id);
    if (problems.length > 0) {
      await trx
        .updateTable('edgar_filings')
        .set({ status: 'needs review', problems: JSON.stringify(problems) })
        .where('id', '=', filing.id)
        .execute();
      return { id: filing.id, status: 'needs review' as const, problems, dealId: null, duplicate: false, bondIds: [] };
    }
    const made = await writeDealFromReading(trx, complete(reading), issuer, null, filing.id, now, uploadedBy, taps);
    await trx.updateTable('edgar_filings').set({ status: 'imported', deal_id: made.dealId }).where('id', '=', filing.id).execute();
    return { id: filing.id, status: 'imported' as const, problems: [], dealId: made.dealId, duplicate: false, bondIds: made.bondIds };
  });
}

function complete(reading: TermSheetReading) {
  return reading as TermSheetReading & { issuer: string; tradeDate: string; settlementDate: string };
}

export async function listFilings(db: Kysely<Database>, status: FilingStatus | undefined): Promise<FilingList> {
  let query = db
    .selectFrom('edgar_filings')
    .select(['id', 'file_name', 'status', 'reading', 'problems', 'deal_id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500);
  if (status) query = query.where('status', '=', status);
  const rows = await query.execute();
  return { filings: rows.map(presentRow) };
}

function presentRow(r: {
  id: number;
  file_name: string;
  status: FilingStatus;
  reading: { issuer?: string | null; tranches: unknown[] } | null;
  problems: TermSheetProblem[];
  deal_id: number | null;
  created_at: Date;
}) {
  return {
    id: r.id,
    fileName: r.file_name,
    status: r.status,
    issuer: r.reading?.issuer ?? null,
    tranches: r.reading?.tranches.length ?? 0,
    problems: r.problems.length,
    firstProblem: r.problems[0] ?? null,
    dealId: r.deal_id,
    uploadedAt: new Date(r.created_at).toISOString(),
  };
}

export async function filing(db: Kysely<Database>, id: number): Promise<Filing> {
  const r = await db.selectFrom('edgar_filings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw new FilingError('not found', `Filing ${id} not found`);
  const reading = r.reading && r.reading.tranches.length > 0 ? (r.reading as TermSheetReading) : null;
  return {
    ...presentRow(r),
    contentType: r.content_type,
    source: r.source,
    layout: r.layout,
    reading,
    problemList: r.problems,
    matchedIssuer: r.status === 'rejected' ? null : await matchIssuer(db, reading?.issuer ?? null),
    corrected: r.corrected,
  };
}

/** Saves an admin's correction, checked again as the parser checks; returns the filing. */
export async function correctFiling(
  db: Kysely<Database>,
  id: number,
  reading: TermSheetReading,
  actor: string,
  now: Date,
): Promise<Filing> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('edgar_filings').select(['reading', 'deal_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new FilingError('not found', `Filing ${id} not found`);
    const problems = problemsOf(reading);
    await trx
      .updateTable('edgar_filings')
      .set({
        reading: JSON.stringify(reading),
        problems: JSON.stringify(problems),
        status: statusOf(problems, before.deal_id),
        corrected: true,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor,
      action: 'edgar.correct',
      targetType: 'edgar_filing',
      targetId: String(id),
      details: { before: before.reading, after: reading },
    });
  });
  return filing(db, id);
}

/**
 * Makes (or brings up to date) the filing's deal and bonds. The issuer: `issuerId`, a new issuer
 * named as the sheet names it (`newIssuer`), or the known issuer the sheet's name matches.
 */
export async function dealFromFiling(
  db: Kysely<Database>,
  id: number,
  choice: { issuerId?: number | undefined; newIssuer?: { ticker: string; industryCode: string } | undefined },
  actor: string,
  now: Date,
): Promise<{ filing: Filing; bondIds: number[] }> {
  const bondIds = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('edgar_filings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new FilingError('not found', `Filing ${id} not found`);
    const reading = row.reading && row.reading.tranches.length > 0 ? (row.reading as TermSheetReading) : null;
    if (!reading) throw new FilingError('invalid', `Filing ${id} has no tranche to make a deal of.`);
    const [first] = problemsOf(reading);
    if (first) throw new FilingError('invalid', `${first.field}: ${first.message} (correct the filing first)`);
    const issuer = await issuerFor(trx, choice, reading.issuer!);
    if (row.deal_id !== null && (await filingHasTapped(trx, id)))
      throw new FilingError('invalid', `Filing ${id}'s deal tapped an existing bond: it is not made again, or the tap would count twice.`);
    const { taps, problems } = await findTappedBonds(trx, reading, issuer.id);
    const [unmatched] = problems;
    if (unmatched) throw new FilingError('invalid', `${unmatched.field}: ${unmatched.message}`);
    const made = await writeDealFromReading(trx, complete(reading), issuer, row.deal_id, id, now, actor, taps);
    await trx
      .updateTable('edgar_filings')
      .set({ status: 'imported', deal_id: made.dealId, updated_at: now })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor,
      action: row.deal_id === null ? 'edgar.deal_create' : 'edgar.deal_update',
      targetType: 'edgar_filing',
      targetId: String(id),
      details: { dealId: made.dealId, issuerId: issuer.id, bondIds: made.bondIds },
    });
    return made.bondIds;
  });
  return { filing: await filing(db, id), bondIds };
}

async function issuerFor(
  trx: Kysely<Database>,
  choice: { issuerId?: number | undefined; newIssuer?: { ticker: string; industryCode: string } | undefined },
  name: string,
): Promise<{ id: number; ticker: string }> {
  if (choice.issuerId !== undefined) {
    const known = await trx.selectFrom('issuers').select(['id', 'ticker']).where('id', '=', choice.issuerId).executeTakeFirst();
    if (!known) throw new FilingError('invalid', bodyRefusal('issuerId', unknownIssuer(choice.issuerId)));
    return known;
  }
  if (choice.newIssuer) {
    const industry = await trx
      .selectFrom('sectors')
      .select('id')
      .where('code', '=', choice.newIssuer.industryCode)
      .where('parent_id', 'is not', null)
      .executeTakeFirst();
    if (!industry)
      throw new FilingError(
        'invalid',
        bodyRefusal('newIssuer.industryCode', `is unknown: there is no industry ${choice.newIssuer.industryCode}`),
      );
    const created = await trx
      .insertInto('issuers')
      .values({
        name,
        display_name: name,
        ticker: choice.newIssuer.ticker,
        sector_id: industry.id,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
        parent_issuer_id: null,
        sec_cik: null,
      })
      .returning(['id', 'ticker'])
      .executeTakeFirstOrThrow();
    return created;
  }
  const matched = await matchIssuer(trx, name);
  if (!matched)
    throw new FilingError(
      'invalid',
      bodyRefusal('issuerId', `is needed: "${name}" is not a known issuer, so pick one or create it (newIssuer)`),
    );
  return matched;
}
