/**
 * SEC EDGAR new issues: each day's form index is read for FWP filings, each filing not seen
 * before is fetched (its complete submission text, one request) and its primary document goes
 * through the term-sheet reader by the admin upload's own entry point (importFiling), so it waits
 * in the review queue (/bw/admin/edgar) as an upload does. A filing is taken once by its
 * accession number (edgar_feed_filings); the cursor is the last day whose index was read whole.
 *
 * Every request declares SEC_USER_AGENT and takes a token of the SEC's fair-access rate limit
 * first (10 a second), retries included.
 */
import { addDays, newYorkToday, weekdayOf } from '@common/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { repriceAfterImport } from '../../importers/reprice';
import { importFiling } from '../../primary/edgar/filings';
import { parseTermSheetOffThread } from '../../../workers/parsing';
import type { CursorStore } from '../cursorStore';
import { type SourceClock, getText } from '../sourceHttp';
import { type DailyIndexRow, dailyIndexPath, fwpFilings, parseDailyIndex } from './dailyIndex';
import { TokenBucket } from './rateLimit';
import { SubmissionError, parseSubmission } from './submission';

/** Its row in source_states. */
export const EDGAR_SOURCE = { source: 'edgar', dataset: 'fwp-daily-index' } as const;

/** The SEC's published limit: "Current max request rate: 10 requests/second". */
export const SEC_MAX_REQUESTS_PER_SECOND = 10;

/** An index missing this many days after its date is taken as a day without one (a holiday). */
const INDEX_GRACE_DAYS = 3;

export interface EdgarPollOptions {
  baseUrl: string;
  userAgent: string | undefined;
  clock: SourceClock;
  cursor: CursorStore;
  /** The first day read on the first run (default: a week before today). */
  startDate?: string | undefined;
  /** Requests a second (default and most: the SEC's 10). */
  requestsPerSecond?: number;
  /** Retries of a transient failure (default 3). */
  retries?: number;
}

export interface EdgarPollResult {
  /** FWP filings taken from the indexes this run. */
  filings: number;
  queued: number;
  notTermSheets: number;
  unreadable: number;
  /** The last day read whole. */
  dataThrough: string | null;
  /** Unreadable filings, named (the run goes on past them). */
  problems: string[];
}

/** Raised before any request when the SEC's declared User-Agent is not set. */
export class EdgarNotConfigured extends Error {
  override name = 'EdgarNotConfigured';
}

export async function pollEdgar(db: Kysely<Database>, options: EdgarPollOptions): Promise<EdgarPollResult> {
  if (!options.userAgent?.trim())
    throw new EdgarNotConfigured(
      'SEC_USER_AGENT is not set: the SEC refuses automated requests that do not declare who sends them. ' +
        'Set it to your organisation and a contact e-mail, e.g. SEC_USER_AGENT="Acme Capital ops@acme.com"; EDGAR is not polled until then.',
    );
  const rate = Math.min(options.requestsPerSecond ?? SEC_MAX_REQUESTS_PER_SECOND, SEC_MAX_REQUESTS_PER_SECOND);
  const bucket = new TokenBucket(options.clock, rate);
  const base = options.baseUrl.replace(/\/+$/, '');
  const get = (path: string, allowNotFound: boolean) =>
    getText(`${base}${path}`, {
      userAgent: options.userAgent!,
      clock: options.clock,
      beforeRequest: () => bucket.take(),
      allowNotFound,
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
    });

  const today = newYorkToday(new Date(options.clock.now()));
  const cursor = await options.cursor.read();
  const result: EdgarPollResult = { filings: 0, queued: 0, notTermSheets: 0, unreadable: 0, dataThrough: cursor, problems: [] };
  // The cursor moves only over days read whole, in order; a later day may be read before an
  // earlier one is published, its filings then already taken when the earlier day is read again.
  let contiguous = true;
  for (let day = cursor ? addDays(cursor, 1) : (options.startDate ?? addDays(today, -7)); day <= today; day = addDays(day, 1)) {
    const weekend = weekdayOf(day) === 0 || weekdayOf(day) === 6;
    if (!weekend) {
      const index = await get(dailyIndexPath(day), true);
      if (index.status === 404) {
        if (day >= addDays(today, -INDEX_GRACE_DAYS)) {
          contiguous = false;
          continue;
        }
      } else {
        const rows = fwpFilings(parseDailyIndex(index.text, day));
        await takeFilings(db, rows, get, options.clock, result);
      }
    }
    if (contiguous) {
      await options.cursor.save(db, day);
      result.dataThrough = day;
    }
  }
  return result;
}

async function takeFilings(
  db: Kysely<Database>,
  rows: DailyIndexRow[],
  get: (path: string, allowNotFound: boolean) => ReturnType<typeof getText>,
  clock: SourceClock,
  result: EdgarPollResult,
): Promise<void> {
  if (rows.length === 0) return;
  const taken = new Set(
    (
      await db
        .selectFrom('edgar_feed_filings')
        .select('accession_number')
        .where(
          'accession_number',
          'in',
          rows.map((r) => r.accessionNumber),
        )
        .execute()
    ).map((r) => r.accession_number),
  );
  for (const row of rows) {
    if (taken.has(row.accessionNumber)) continue;
    const response = await get(`/Archives/${row.fileName}`, false);
    if (response.status !== 200) continue;
    const now = new Date(clock.now());
    const record = (values: {
      status: 'queued' | 'not a term sheet' | 'unreadable';
      reason: string | null;
      documentName: string | null;
      filingId: number | null;
    }) =>
      db
        .insertInto('edgar_feed_filings')
        .values({
          accession_number: row.accessionNumber,
          cik: row.cik,
          company_name: row.companyName,
          date_filed: row.dateFiled,
          document_name: values.documentName,
          status: values.status,
          reason: values.reason,
          filing_id: values.filingId,
          fetched_at: now,
        })
        .onConflict((oc) => oc.column('accession_number').doNothing())
        .execute();
    result.filings += 1;
    let submission;
    try {
      submission = parseSubmission(response.text, row.accessionNumber);
    } catch (err) {
      // A submission cut off is fetched again next run; one complete but unusable is recorded once.
      if (!(err instanceof SubmissionError) || err.cutOff) throw err;
      await record({ status: 'unreadable', reason: err.message, documentName: null, filingId: null });
      result.unreadable += 1;
      result.problems.push(err.message);
      continue;
    }
    const doc = submission.primary;
    const parse = await parseTermSheetOffThread(doc.content, doc.contentType);
    if (parse.status === 'rejected') {
      // Most FWPs are not corporate bond term sheets (structured notes, fund and equity offerings):
      // kept out of the review queue, recorded with the reader's reason.
      const reason = parse.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
      await record({ status: 'not a term sheet', reason, documentName: doc.fileName, filingId: null });
      result.notTermSheets += 1;
      continue;
    }
    const made = await importFiling(
      db,
      // The reading above, reused: a sheet is read once (a large one is a task on the parsing thread).
      { fileName: `${row.accessionNumber} ${doc.fileName}`, content: doc.content, contentType: doc.contentType, parsed: parse },
      null,
      now,
    );
    await record({ status: 'queued', reason: null, documentName: doc.fileName, filingId: made.id });
    result.queued += 1;
    // The new bonds' prices, as after an upload; a failure there does not undo the deal.
    if (made.bondIds.length > 0)
      await repriceAfterImport(db, made.bondIds, now).catch((err: unknown) =>
        result.problems.push(`repricing the bonds of ${row.accessionNumber} failed: ${err instanceof Error ? err.message : String(err)}`),
      );
  }
}
