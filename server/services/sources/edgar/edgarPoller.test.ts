import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { INLINE_TERM_SHEET_CHARS, parsingThreadTasksDone } from '../../../workers/parsing';
import { sourceCursor } from '../cursorStore';
import { readCursor } from '../sourceState';
import { type RecordedServer, answer, cutOff, failing, handClock, startRecordedServer } from '../recordedServer';
import { EDGAR_SOURCE, EdgarNotConfigured, pollEdgar } from './edgarPoller';

const ROOT = join(process.cwd(), 'samples/replay/edgar');
const INDEX_23 = '/Archives/edgar/daily-index/2026/QTR4/form.20261123.idx';
const INDEX_24 = '/Archives/edgar/daily-index/2026/QTR4/form.20261124.idx';
const INDEX_25 = '/Archives/edgar/daily-index/2026/QTR4/form.20261125.idx';
const NORTHWIND_3_TRANCHES = '/Archives/edgar/data/1999001/0001193125-26-412001.txt';
const NORTHWIND_NEEDS_REVIEW = '/Archives/edgar/data/1999001/0001193125-26-412002.txt';
const recorded = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const USER_AGENT = 'Bondwise Tests ops@bondwise.example';

/** 25 Nov 2026, 9:00 in New York: the 23rd's and 24th's indexes are out, the 25th's is not. */
const NOW = Date.UTC(2026, 10, 25, 14);

describe('the SEC EDGAR new-issue poller', () => {
  let database: DatabaseHandle;
  let server: RecordedServer;
  let clock: ReturnType<typeof handClock>;
  const poll = (userAgent: string | undefined = USER_AGENT) =>
    pollEdgar(database.db, {
      baseUrl: server.baseUrl,
      userAgent,
      clock,
      cursor: sourceCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset, () => clock.now()),
      startDate: '2026-11-23',
    });
  const feed = () => database.db.selectFrom('edgar_feed_filings').selectAll().orderBy('accession_number').execute();
  const filings = () => database.db.selectFrom('edgar_filings').select(['id', 'file_name', 'status']).orderBy('id').execute();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock = handClock(NOW);
    server = await startRecordedServer(ROOT, clock.now);
    await database.db.deleteFrom('source_states').execute();
    await database.db.deleteFrom('edgar_feed_filings').execute();
    await database.db.deleteFrom('edgar_filings').execute();
  });
  afterEach(() => server.close());

  it('will not poll without a declared User-Agent, and says how to declare one', async () => {
    const withoutAgent = pollEdgar(database.db, {
      baseUrl: server.baseUrl,
      userAgent: undefined,
      clock,
      cursor: sourceCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset, () => clock.now()),
    });
    await expect(withoutAgent).rejects.toThrow(EdgarNotConfigured);
    await expect(poll('  ')).rejects.toThrow(/SEC_USER_AGENT is not set: .*e\.g\. SEC_USER_AGENT="Acme Capital ops@acme\.com"/);
    expect(server.requests).toHaveLength(0);
  });

  it("queues each day's FWP term sheets for review as uploads are, once each, and keeps the others out", async () => {
    const result = await poll();
    expect(result).toEqual({
      filings: 5,
      queued: 3,
      notTermSheets: 1,
      unreadable: 1,
      dataThrough: '2026-11-24',
      problems: [expect.stringMatching(/0001193125-26-412004: its FWP document d412004dfwp\.pdf is a PDF/)],
    });
    expect(await readCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset)).toBe('2026-11-24');
    // The uploads' review queue: the two complete sheets are read ('parsed', their issuer not yet known) and the one missing a maturity waits.
    expect(await filings()).toEqual([
      expect.objectContaining({ file_name: '0001193125-26-412001 d412001dfwp.htm', status: 'parsed' }),
      expect.objectContaining({ file_name: '0001193125-26-412002 d412002dfwp.htm', status: 'needs review' }),
      expect.objectContaining({ file_name: '0001193125-26-413001 d413001dfwp.htm', status: 'parsed' }),
    ]);
    const queued = await filings();
    expect((await feed()).map((f) => [f.accession_number, f.status, f.filing_id])).toEqual([
      ['0001193125-26-412001', 'queued', queued[0]!.id],
      ['0001193125-26-412002', 'queued', queued[1]!.id],
      ['0001193125-26-412003', 'not a term sheet', null],
      ['0001193125-26-412004', 'unreadable', null],
      ['0001193125-26-413001', 'queued', queued[2]!.id],
    ]);
    expect((await feed()).find((f) => f.status === 'not a term sheet')?.reason).toMatch(/^tranches: no tranche found/);
    // Listed twice in the index (subject company and filer), fetched once; other forms never fetched.
    expect(server.requests.filter((r) => r.path === NORTHWIND_NEEDS_REVIEW)).toHaveLength(1);
    expect(server.requests.map((r) => r.path).filter((p) => p.includes('0001999001-26-000041') || p.includes('411990'))).toEqual([]);
    expect(server.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it('reads each term sheet once: a large one is one task on the parsing thread, its reading stored as read', async () => {
    // Made large (blank lines inside its HTML, where no trimming drops them) so that it is read on the thread; the others are read at once.
    const whole = recorded(NORTHWIND_3_TRANCHES);
    const at = whole.indexOf('<html>') + '<html>'.length;
    server.override(NORTHWIND_3_TRANCHES, answer(`${whole.slice(0, at)}${'\n'.repeat(INLINE_TERM_SHEET_CHARS)}${whole.slice(at)}`));
    const before = parsingThreadTasksDone();
    const result = await poll();
    expect(result.queued).toBe(3);
    expect(parsingThreadTasksDone() - before).toBe(1);
    expect(await filings()).toContainEqual(
      expect.objectContaining({ file_name: '0001193125-26-412001 d412001dfwp.htm', status: 'parsed' }),
    );
  });

  it('never takes a filing twice: the next run reads only the days after its cursor', async () => {
    await poll();
    server.requests.length = 0;
    const again = await poll();
    expect(again).toMatchObject({ filings: 0, queued: 0, dataThrough: '2026-11-24' });
    expect(server.requests.map((r) => r.path)).toEqual([INDEX_25]);
    expect(await filings()).toHaveLength(3);
  });

  it('reads again a day whose index was not published yet, without taking its filings twice', async () => {
    server.override(INDEX_23, answer('', 404));
    const first = await poll();
    expect(first).toMatchObject({ queued: 1, dataThrough: null });
    expect(await readCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset)).toBeNull();
    server.override(INDEX_23, null);
    const second = await poll();
    expect(second).toMatchObject({ filings: 4, queued: 2, dataThrough: '2026-11-24' });
    expect(server.requests.filter((r) => r.path === '/Archives/edgar/data/1999001/0001193125-26-413001.txt')).toHaveLength(1);
    expect(await filings()).toHaveLength(3);
  });

  it('retries a rate-limited or failing request after the wait the server asks for, on its clock', async () => {
    server.override(NORTHWIND_3_TRANCHES, failing(429, 1, answer(recorded(NORTHWIND_3_TRANCHES)), { 'retry-after': '2' }));
    server.override(INDEX_24, failing(503, 1, answer(recorded(INDEX_24))));
    const result = await poll();
    expect(result.queued).toBe(3);
    expect(clock.sleeps).toContain(2000);
    expect(clock.sleeps).toContain(1000);
  });

  it('keeps to the SEC limit of 10 requests a second, retries included, on its clock', async () => {
    const rows = Array.from({ length: 24 }, (_, i) => {
      const accession = `0001193125-26-5${String(i).padStart(5, '0')}`;
      return `${'FWP'.padEnd(17)}${'CONTOSO BANK CORP'.padEnd(62)}${'1999002'.padEnd(12)}${'20261123'.padEnd(12)}edgar/data/1999002/${accession}.txt`;
    });
    const header = recorded(INDEX_23).split('\n').slice(0, 8).join('\n');
    server.override(INDEX_23, answer(`${header}\n${rows.join('\n')}\n`));
    for (let i = 0; i < 24; i += 1) {
      const accession = `0001193125-26-5${String(i).padStart(5, '0')}`;
      const body = recorded('/Archives/edgar/data/1999002/0001193125-26-412003.txt').replaceAll('0001193125-26-412003', accession);
      server.override(`/Archives/edgar/data/1999002/${accession}.txt`, i === 5 ? failing(503, 1, answer(body)) : answer(body));
    }
    server.override(INDEX_24, answer('', 404));
    const result = await poll();
    expect(result.notTermSheets).toBe(24);
    const times = server.requests.map((r) => r.at);
    expect(times).toHaveLength(1 + 25 + 1 + 1);
    // No second (a window of 1,000 ms) holds more than ten requests.
    for (let i = 0; i + 10 < times.length; i += 1) expect(times[i + 10]! - times[i]!).toBeGreaterThanOrEqual(1000);
  });

  it('refuses an index that is not the daily form index, or cut off mid-line, and takes nothing from it', async () => {
    server.override(INDEX_23, answer('<html><body>Request Rate Threshold Exceeded</body></html>\n'));
    await expect(poll()).rejects.toThrow(/the daily index of 2026-11-23 does not start as EDGAR's do/);
    const cut = recorded(INDEX_23).slice(0, recorded(INDEX_23).indexOf('0001193125-26-412001') + 10);
    server.override(INDEX_23, answer(cut));
    await expect(poll()).rejects.toThrow(/the daily index of 2026-11-23 ends in the middle of a line: it was cut off/);
    expect(await feed()).toEqual([]);
    expect(await filings()).toEqual([]);
    expect(await readCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset)).toBeNull();
  });

  it('refuses a filing cut off before its end, writing nothing of it, and takes it when it comes whole', async () => {
    const whole = recorded(NORTHWIND_3_TRANCHES);
    server.override(NORTHWIND_3_TRANCHES, answer(whole.slice(0, whole.indexOf('</DOCUMENT>'))));
    await expect(poll()).rejects.toThrow(/filing 0001193125-26-412001 was cut off: it does not end with <\/SEC-DOCUMENT>/);
    expect((await feed()).map((f) => f.accession_number)).not.toContain('0001193125-26-412001');
    expect(await readCursor(database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset)).toBeNull();
    server.override(NORTHWIND_3_TRANCHES, cutOff(whole));
    await expect(poll()).rejects.toThrow(/was cut off before its end .*gave up after 4 attempts/);
    server.override(NORTHWIND_3_TRANCHES, null);
    expect(await poll()).toMatchObject({ dataThrough: '2026-11-24' });
    expect(await filings()).toHaveLength(3);
  });

  it('answers a refusal of the SEC (403) at once, without retrying it', async () => {
    server.override(INDEX_23, answer('Your request has been identified as part of a network of automated tools', 403));
    await expect(poll()).rejects.toThrow(/form\.20261123\.idx answered 403/);
    expect(server.requests).toHaveLength(1);
  });
});
