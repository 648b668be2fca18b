/** The sector overview's measures and its sector/industry table columns (one definition for both tables). */
import type { IssuerSearchResponse } from '@common/api/issuer';
import type { MarketSectorsResponse, MarketWeighting } from '@common/api/market';
import { formatSize, formatSpread, formatSpreadLevel, formatYield } from '@common/format';
import type { Column } from '../../components/DataTable';
import { averagedBy } from '../../components/market/weighting';

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

/** A measure's unit, naming the weighting of the averaged ones. */
export function measureUnit(m: Measure, weighting: MarketWeighting | undefined): string {
  const { unit } = MEASURES.find((x) => x.value === m)!;
  return m === 'spread' || m === 'yield' ? `${unit}, ${averagedBy(weighting)}` : unit;
}

/** Columns shared by the sector and industry tables (units and the answer's weighting in header tooltips). */
export function statsColumns(nameHeader: string, weighting: MarketWeighting | undefined): Column<Stats>[] {
  return [
    { field: 'name', header: nameHeader, flex: 1, minWidth: 170 },
    { field: 'bondCount', header: 'Bonds', kind: 'count', width: 80, headerTooltip: 'Outstanding bonds' },
    { field: 'spread', header: 'Spread', kind: 'spreadLevel', width: 100, headerTooltip: `G-spread, bp, ${averagedBy(weighting)}` },
    {
      field: 'spreadChange',
      header: 'Δ Spread',
      kind: 'spread',
      tone: 'spread',
      width: 100,
      headerTooltip: 'Daily change, bp (green: tighter)',
    },
    { field: 'yield', header: 'Yield', kind: 'yield', width: 95, headerTooltip: `Yield to worst, %, ${averagedBy(weighting)}` },
    {
      field: 'yieldChange',
      header: 'Δ Yield',
      kind: 'yieldChange',
      tone: 'yield',
      width: 95,
      headerTooltip: 'Daily change, bp (green: lower)',
    },
    {
      field: 'volume',
      header: 'Volume',
      kind: 'size',
      width: 105,
      headerTooltip: 'Par traded today, USD (MM = millions, K = thousands)',
    },
  ];
}

export function measureText(m: Measure, v: number | null): string {
  if (m === 'spread') return formatSpreadLevel(v);
  if (m === 'yield') return formatYield(v);
  if (m === 'volume') return formatSize(v);
  return formatSpread(v);
}

/**
 * The drill-down's issuer columns. They share the card's width (it is narrow at 1280 px), so the
 * Bonds column at the right edge is never scrolled out of view: the names flex, the short columns
 * fit their header.
 */
export function issuerColumns(industries: SectorStats['industries'] | undefined): Column<IssuerRow>[] {
  return [
    { field: 'displayName', header: 'Issuer', flex: 3, minWidth: 120 },
    { field: 'ticker', header: 'Ticker', width: 80 },
    {
      field: 'sectorCode',
      header: 'Industry',
      flex: 2,
      minWidth: 100,
      // The industry's name, sorted by its code.
      cell: ({ row }) => industries?.find((i) => i.code === row.sectorCode)?.name ?? row.sectorCode,
    },
    {
      field: 'bondCount',
      header: 'Bonds',
      width: 80,
      kind: 'count',
      sort: 'desc',
      headerTooltip: 'Bonds issued (incl. matured)',
    },
  ];
}
