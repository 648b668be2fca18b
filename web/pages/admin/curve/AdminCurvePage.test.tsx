import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CURVE_PATHS, adminCurveSchema, curveCompareSchema, curvePointSavedSchema, type AdminCurve } from '@common/api/adminCurve';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { stubCanvas2d } from '../../../test/canvas';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminCurvePage from './AdminCurvePage';

const CURVE = `GET ${ADMIN_CURVE_PATHS.curve}`;
const COMPARE = `GET ${ADMIN_CURVE_PATHS.compare}`;
const TEN_YEAR = `PUT ${ADMIN_CURVE_PATHS.point({ date: '2026-11-27', tenor: '10Y' })}`;
const STAMP = '2026-11-27T21:05:00.000Z';

// The Friday after Thanksgiving (no curve on the Thursday) is the latest curve; the Wednesday before it.
const friday = (tenYear: number): AdminCurve =>
  shaped(adminCurveSchema, {
    date: '2026-11-27',
    asked: null,
    points: [
      { tenor: '3M', years: 0.25, yield: 0.0402, updatedAt: STAMP },
      { tenor: '2Y', years: 2, yield: 0.0351, updatedAt: STAMP },
      { tenor: '10Y', years: 10, yield: tenYear, updatedAt: STAMP },
    ],
    previousDate: '2026-11-25',
    nextDate: null,
    latestDate: '2026-11-27',
    dates: ['2026-11-27', '2026-11-25'],
    bondsPriced: 1234,
    corrections: [
      { at: '2026-11-28T09:00:00.000Z', actor: 'u-1', actorEmail: 'ana@bondwise.test', tenor: '2Y', before: 0.0361, after: 0.0351 },
    ],
  });
const wednesday = shaped(adminCurveSchema, {
  date: '2026-11-25',
  asked: '2026-11-26',
  points: [{ tenor: '10Y', years: 10, yield: 0.0409, updatedAt: STAMP }],
  previousDate: '2026-11-24',
  nextDate: '2026-11-27',
  latestDate: '2026-11-27',
  dates: ['2026-11-25', '2026-11-24'],
  bondsPriced: 0,
  corrections: [],
});
// The comparisons the server would compute for each pair of dates (changeBp = b − a).
const comparisons: Record<string, { tenor: string; years: number; yieldA: number; yieldB: number; changeBp: number }[]> = {
  '2026-11-25 2026-11-27': [
    { tenor: '3M', years: 0.25, yieldA: 0.0405, yieldB: 0.0402, changeBp: -3 },
    { tenor: '2Y', years: 2, yieldA: 0.0355, yieldB: 0.0351, changeBp: -4 },
    { tenor: '10Y', years: 10, yieldA: 0.0409, yieldB: 0.0415, changeBp: 6 },
  ],
  '2026-11-20 2026-11-27': [
    { tenor: '3M', years: 0.25, yieldA: 0.041, yieldB: 0.0402, changeBp: -8 },
    { tenor: '2Y', years: 2, yieldA: 0.0362, yieldB: 0.0351, changeBp: -11 },
    { tenor: '10Y', years: 10, yieldA: 0.0421, yieldB: 0.0415, changeBp: -6 },
  ],
  '2026-11-24 2026-11-25': [{ tenor: '10Y', years: 10, yieldA: 0.0411, yieldB: 0.0409, changeBp: -2 }],
};
const compared = (call: ApiCall) => {
  const a = call.query.get('a')!;
  const b = call.query.get('b')!;
  return shaped(curveCompareSchema, { a, b, points: comparisons[`${a} ${b}`] ?? [] });
};

let server: ReturnType<typeof serveApi>;
let tenYear: number;
beforeEach(() => {
  // The page draws the curve by tenor on a canvas.
  stubCanvas2d();
  tenYear = 0.0415;
  server = serveApi({
    [CURVE]: (call: ApiCall) => (call.query.get('date') === '2026-11-26' ? wednesday : friday(tenYear)),
    [COMPARE]: compared,
  });
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  vi.restoreAllMocks();
});

const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const pointRows = () =>
  screen.getAllByTestId('curve-point').map((row) => {
    const [tenor, yieldCell] = within(row).getAllByRole('cell');
    return [tenor!.textContent, yieldCell!.textContent];
  });

/** Opens the 10Y point's correction and types a yield in percent. */
const correctTenYear = async (percent: string) => {
  await screen.findByTestId('curve-summary');
  const tenYearRow = screen.getAllByTestId('curve-point').find((row) => row.getAttribute('data-tenor') === '10Y')!;
  fireEvent.click(within(tenYearRow).getByRole('button', { name: 'Correct' }));
  fireEvent.change(screen.getByLabelText('10Y yield (%)'), { target: { value: percent } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
};

describe('the admin Treasury curve page', () => {
  it('shows the latest curve tenor by tenor, compared with the day before, and its corrections', async () => {
    renderPage(<AdminCurvePage />);
    expect((await screen.findByTestId('curve-summary')).textContent).toBe(
      'Nov 27, 2026 (3 tenors) · 1,234 bond(s) priced on it · latest Nov 27, 2026',
    );
    expect(pointRows()).toEqual([
      ['3M', '4.020%'],
      ['2Y', '3.510%'],
      ['10Y', '4.150%'],
    ]);
    expect((screen.getByLabelText('Curve on') as HTMLInputElement).value).toBe('2026-11-27');
    expect(screen.getByRole('button', { name: 'Next day' })).toHaveProperty('disabled', true);
    // The comparison is with the previous curve date, unasked.
    await screen.findByTestId('curve-compare');
    expect(
      within(screen.getByTestId('curve-compare'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tenor', 'Nov 25, 2026', 'Nov 27, 2026', 'Change']);
    expect(rowsOf('curve-compare').slice(1)).toEqual([
      ['3M', '4.050%', '4.020%', '-3.0 bp'],
      ['2Y', '3.550%', '3.510%', '-4.0 bp'],
      ['10Y', '4.090%', '4.150%', '+6.0 bp'],
    ]);
    // The time of a correction is shown in the browser's zone; who, which tenor and what are not.
    const [correction] = rowsOf('curve-corrections');
    expect(correction!.slice(1)).toEqual(['ana@bondwise.test', '2Y', '3.610% → 3.510%']);
    expect(screen.getByTestId('curve-chart')).toBeTruthy();

    const [latest] = server.callsTo(CURVE);
    expect(latest!.query.has('date')).toBe(false);
    expect(Object.fromEntries(server.callsTo(COMPARE).at(-1)!.query)).toEqual({ a: '2026-11-25', b: '2026-11-27' });
  });

  it('a date without a curve asks for it and shows the one in force, compared with the day before that', async () => {
    renderPage(<AdminCurvePage />);
    await screen.findByTestId('curve-summary');
    fireEvent.change(screen.getByLabelText('Curve on'), { target: { value: '2026-11-26' } });
    await waitFor(() =>
      expect(screen.getByTestId('curve-summary').textContent).toBe(
        'No curve on Nov 26, 2026; the one in force is Nov 25, 2026 (1 tenors) · 0 bond(s) priced on it · latest Nov 27, 2026',
      ),
    );
    expect(server.callsTo(CURVE).at(-1)!.query.get('date')).toBe('2026-11-26');
    expect(pointRows()).toEqual([['10Y', '4.090%']]);
    expect(screen.queryByTestId('curve-corrections')).toBeNull();
    await waitFor(() => expect(rowsOf('curve-compare').slice(1)).toEqual([['10Y', '4.110%', '4.090%', '-2.0 bp']]));
    expect(Object.fromEntries(server.callsTo(COMPARE).at(-1)!.query)).toEqual({ a: '2026-11-24', b: '2026-11-25' });
  });

  it('another date to compare with asks the server for that pair', async () => {
    renderPage(<AdminCurvePage />);
    await screen.findByTestId('curve-compare');
    fireEvent.change(screen.getByLabelText('Compare with'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(rowsOf('curve-compare').slice(1)).toEqual([
        ['3M', '4.100%', '4.020%', '-8.0 bp'],
        ['2Y', '3.620%', '3.510%', '-11.0 bp'],
        ['10Y', '4.210%', '4.150%', '-6.0 bp'],
      ]),
    );
    expect(Object.fromEntries(server.callsTo(COMPARE).at(-1)!.query)).toEqual({ a: '2026-11-20', b: '2026-11-27' });
  });

  it('a corrected point is sent as a decimal with the version read, and the day is read again', async () => {
    server.answer(TEN_YEAR, () => {
      tenYear = 0.0425;
      return shaped(curvePointSavedSchema, {
        point: { tenor: '10Y', years: 10, yield: 0.0425, updatedAt: '2026-11-29T10:00:00.000Z' },
        bondsRepriced: 17,
      });
    });
    renderPage(<AdminCurvePage />);
    await screen.findByTestId('curve-summary');
    const tenYearRow = screen.getAllByTestId('curve-point').find((row) => row.getAttribute('data-tenor') === '10Y')!;
    fireEvent.click(within(tenYearRow).getByRole('button', { name: 'Correct' }));
    fireEvent.change(screen.getByLabelText('10Y yield (%)'), { target: { value: '4.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('curve-message')).textContent).toBe('10Y on 2026-11-27: 4.150% → 4.250%; 17 bond(s) repriced');
    const [put] = server.callsTo(TEN_YEAR);
    expect(put!.body).toEqual({ yield: 0.0425, updatedAt: STAMP });
    await waitFor(() => expect(pointRows()).toContainEqual(['10Y', '4.250%']));
    expect(server.callsTo(CURVE).length).toBeGreaterThanOrEqual(2);
  });

  it('a yield over the contract’s 50% is refused under its input, in percent as typed, and nothing is sent', async () => {
    renderPage(<AdminCurvePage />);
    await correctTenYear('52');
    await waitFor(() => expect(fieldError(screen.getByLabelText('10Y yield (%)'))).toBe('Yield must be at most 50%.'));
    expect(server.callsTo(TEN_YEAR)).toHaveLength(0);
    expect(screen.queryByTestId('curve-message')).toBeNull();
  });

  it('a 400 naming the yield is shown under its input, not in the page’s message', async () => {
    server.answer(TEN_YEAR, refusal(400, 'Invalid body.yield: Too small: expected number to be >=-0.05'));
    renderPage(<AdminCurvePage />);
    await correctTenYear('4.25');
    await waitFor(() => expect(fieldError(screen.getByLabelText('10Y yield (%)'))).toBe('Yield must be at least -5%.'));
    expect(server.callsTo(TEN_YEAR).map((c) => c.body)).toEqual([{ yield: 0.0425, updatedAt: STAMP }]);
    expect(screen.queryByTestId('curve-message')).toBeNull();
  });

  it('a stale correction the server refuses (409) is said in the page’s message', async () => {
    server.answer(TEN_YEAR, refusal(409, 'The 10Y point of 2026-11-27 was changed meanwhile: read it again.'));
    renderPage(<AdminCurvePage />);
    await correctTenYear('4.25');
    expect((await screen.findByTestId('curve-message')).textContent).toBe(
      'The 10Y point of 2026-11-27 was changed meanwhile: read it again.',
    );
  });
});
