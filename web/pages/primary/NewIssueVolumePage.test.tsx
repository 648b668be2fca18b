import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIMARY_PATHS, type VolumeResponse, type VolumeSplit, volumeResponseSchema } from '@common/api/primary';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { gridCells, gridRowIds } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import NewIssueVolumePage from './NewIssueVolumePage';
import { volumeCsv } from './volumeView';

describe('new-issue volume CSV', () => {
  it('writes one line per period with the split in the key order, par in USD', () => {
    const data: VolumeResponse = {
      asOf: '2026-11-20',
      keys: [
        { key: 'IG', label: 'Investment grade' },
        { key: 'HY', label: 'High yield' },
      ],
      periods: [
        { start: '2026-11-09', volume: 1.5e9, bonds: 3, deals: 1, byKey: { IG: 1e9, HY: 5e8 } },
        { start: '2026-11-16', volume: 0, bonds: 0, deals: 0, byKey: {} },
      ],
      yearToDate: { year: 2026, volume: 0, bonds: 0, deals: 0, priorVolume: 0, priorBonds: 0, priorDeals: 0 },
    };
    expect(volumeCsv(data)).toBe(
      'period start,total,deals,bonds,Investment grade,High yield\r\n2026-11-09,1500000000,1,3,1000000000,500000000\r\n2026-11-16,0,0,0,0,0\r\n',
    );
  });
});

const VOLUME = `GET ${PRIMARY_PATHS.volume}`;
/** The server's answer for the split asked: two weeks, oldest first. */
const volume = (call: ApiCall) => {
  const by = (call.query.get('by') ?? 'class') as VolumeSplit;
  const keys =
    by === 'sector'
      ? [
          { key: 'FINL', label: 'Financials' },
          { key: 'UTIL', label: 'Utilities' },
        ]
      : [
          { key: 'IG', label: 'Investment grade' },
          { key: 'HY', label: 'High yield' },
        ];
  const [a, b] = keys.map((k) => k.key) as [string, string];
  return shaped(volumeResponseSchema, {
    asOf: '2026-11-20',
    keys,
    periods: [
      { start: '2026-11-09', volume: 32_750_000_000, bonds: 21, deals: 9, byKey: { [a]: 30_000_000_000, [b]: 2_750_000_000 } },
      { start: '2026-11-16', volume: 12_500_000_000, bonds: 8, deals: 4, byKey: { [a]: 12_500_000_000 } },
    ],
    yearToDate: {
      year: 2026,
      volume: 1_380_000_000_000,
      bonds: 1_500,
      deals: 640,
      priorVolume: 1_200_000_000_000,
      priorBonds: 1_390,
      priorDeals: 600,
    },
  });
};

describe('the new-issue volume page', () => {
  let server: ReturnType<typeof serveApi>;
  beforeEach(() => {
    // The bars are drawn on a canvas.
    stubCanvas2d();
    server = serveApi({ [VOLUME]: volume });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the year to date against last year, and each week newest first with its split', async () => {
    renderPage(<NewIssueVolumePage />);
    const ytd = await screen.findByTestId('year-to-date');
    // 1,380bn against 1,200bn: 15% more.
    expect(ytd.textContent).toBe(
      '2026 year to date1,380,000MMSame span of 20251,200,000MM+15.0% vs last yearDeals priced / bonds issued640 / 1,500600 / 1,390 in 2025',
    );
    const grid = screen.getByTestId('volume-grid');
    await waitFor(() => expect(gridCells(grid, '2026-11-16')).toMatchObject({ start: 'Nov 16, 2026' }));
    expect(gridRowIds(grid)).toEqual(['2026-11-16', '2026-11-09']);
    expect(Object.values(gridCells(grid, '2026-11-16'))).toEqual(['Nov 16, 2026', '12,500MM', '4', '8', '12,500MM', '0']);
    expect(Object.values(gridCells(grid, '2026-11-09'))).toEqual(['Nov 9, 2026', '32,750MM', '9', '21', '30,000MM', '2,750MM']);
    expect(within(grid).getByText('High yield')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(VOLUME)[0]!.query)).toEqual({ period: 'week', by: 'class', periods: '12' });
  });

  it('splitting by sector asks the server for it and shows a column per sector', async () => {
    const { router } = renderPage(<NewIssueVolumePage />);
    await screen.findByTestId('year-to-date');
    fireEvent.click(within(screen.getByTestId('volume-split')).getByText('Sector'));
    await waitFor(() => expect(within(screen.getByTestId('volume-grid')).getByText('Utilities')).toBeTruthy());
    expect(Object.fromEntries(server.callsTo(VOLUME).at(-1)!.query)).toEqual({ period: 'week', by: 'sector', periods: '12' });
    expect(router.state.location.search).toBe('?by=sector');
  });

  it('monthly periods are labelled by month', async () => {
    renderPage(<NewIssueVolumePage />, { at: '/?period=month&periods=26' });
    const grid = await screen.findByTestId('volume-grid');
    await waitFor(() => expect(gridCells(grid, '2026-11-16')).toMatchObject({ start: '2026-11' }));
    expect(within(grid).getByText('Month')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(VOLUME)[0]!.query)).toEqual({ period: 'month', by: 'class', periods: '26' });
  });
});
