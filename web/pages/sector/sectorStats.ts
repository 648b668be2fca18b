/** The sector overview's measures and its sector/industry table columns (one definition for both tables). */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { IssuerSearchResponse } from '@common/api/issuer';
import type { MarketSectorsResponse, MarketWeighting } from '@common/api/market';
import { formatSize, formatSpread, formatSpreadLevel, formatYield, formatYieldChange } from '@common/format';
import { toneClass } from '../../components/tone';

export type SectorStats = MarketSectorsResponse['sectors'][number];
export type Stats = Omit<SectorStats, 'industries'>;
export type IssuerRow = IssuerSearchResponse['issuers'][number];

export type Measure = 'spread' | 'yield' | 'volume' | 'spreadChange';
export const MEASURES: Array<{ value: Measure; label: string; unit: string }> = [
  { value: 'spread', label: 'Spread', unit: 'G-spread, bp' },
  { value: 'yield', label: 'Yield', unit: 'yield to worst, %' },
  { value: 'volume', label: 'Volume', unit: 'par traded today, USD MM' },
  { value: 'spreadChange', label: 'Δ Spread', unit: 'daily G-spread change, bp' },
];

/** How the server averaged the sectors' spreads and yields (the answer's `weighting`). */
export function weightedBy(weighting: MarketWeighting | undefined): string {
  return weighting === 'equal'
    ? 'each bond weighted equally (amount outstanding not known for every bond)'
    : 'weighted by amount outstanding';
}

/** A measure's unit, naming the weighting of the averaged ones. */
export function measureUnit(m: Measure, weighting: MarketWeighting | undefined): string {
  const { unit } = MEASURES.find((x) => x.value === m)!;
  return m === 'spread' || m === 'yield' ? `${unit}, ${weightedBy(weighting)}` : unit;
}

const fmt = (f: (v: number | null) => string) => (p: ValueFormatterParams<Stats>) => f((p.value as number | null) ?? null);

/** Numeric cells: right-aligned (a cellClass replaces the numericColumn type's) and monospaced. */
const NUM = 'ag-right-aligned-cell bw-stat';

/** Columns shared by the sector and industry tables (units and the answer's weighting in header tooltips). */
export function statsColumns(nameHeader: string, weighting: MarketWeighting | undefined): ColDef<Stats>[] {
  return [
    { field: 'name', headerName: nameHeader, flex: 1, minWidth: 170 },
    { field: 'bondCount', headerName: 'Bonds', width: 80, type: 'numericColumn', headerTooltip: 'Outstanding bonds' },
    {
      field: 'spread',
      headerName: 'Spread',
      width: 100,
      type: 'numericColumn',
      valueFormatter: fmt(formatSpreadLevel),
      headerTooltip: `G-spread, bp, ${weightedBy(weighting)}`,
      cellClass: NUM,
    },
    {
      field: 'spreadChange',
      headerName: 'Δ Spread',
      width: 100,
      type: 'numericColumn',
      valueFormatter: fmt(formatSpread),
      headerTooltip: 'Daily change, bp (green: tighter)',
      cellClass: (p) => `${NUM} ${toneClass('spread', p.value as number | null)}`,
    },
    {
      field: 'yield',
      headerName: 'Yield',
      width: 95,
      type: 'numericColumn',
      valueFormatter: fmt(formatYield),
      headerTooltip: `Yield to worst, %, ${weightedBy(weighting)}`,
      cellClass: NUM,
    },
    {
      field: 'yieldChange',
      headerName: 'Δ Yield',
      width: 95,
      type: 'numericColumn',
      valueFormatter: fmt(formatYieldChange),
      headerTooltip: 'Daily change, bp (green: lower)',
      cellClass: (p) => `${NUM} ${toneClass('yield', p.value as number | null)}`,
    },
    {
      field: 'volume',
      headerName: 'Volume',
      width: 105,
      type: 'numericColumn',
      valueFormatter: fmt(formatSize),
      headerTooltip: 'Par traded today, USD (MM = millions, K = thousands)',
      cellClass: NUM,
    },
  ];
}

export function measureText(m: Measure, v: number | null): string {
  if (m === 'spread') return formatSpreadLevel(v);
  if (m === 'yield') return formatYield(v);
  if (m === 'volume') return formatSize(v);
  return formatSpread(v);
}
