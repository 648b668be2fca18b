/** What the term-structure change page draws from an answer: texts, table columns, chart series. Pure. */
import type { TermStructureChangeResponse } from '@common/api/market';
import { formatNumber, formatSpread, formatYield, formatYieldChange } from '@common/format';
import type { Column } from '../../components/SimpleTable';
import type { ChartSeries } from '../../components/TimeSeriesChart';
import { monthPoints, tenorMonths } from '../../components/market/curvePoints';

export type Metric = TermStructureChangeResponse['metric'];
type Answer = TermStructureChangeResponse;
type Bucket = Answer['buckets'][number];
type BondPoint = Answer['bonds'][number];

/** Level and change texts of a metric (yields in %, their changes and all spreads in bp). */
export function tscText(metric: Metric) {
  return {
    level: (v: number | null) => (metric === 'yield' ? formatYield(v) : v === null ? '—' : `${formatNumber(v, 1)} bp`),
    change: (v: number | null) => (metric === 'yield' ? formatYieldChange(v) : formatSpread(v)),
    /** Change axis values: bp for both metrics. */
    changeBp: (v: number) => (metric === 'yield' ? v * 10_000 : v),
  };
}

/** The buckets' table: levels on both dates (behind their feature), the change coloured by what it means for a holder. */
export function tscColumns(metric: Metric, showLevels: boolean, fromLabel: string, toLabel: string): Column<Bucket>[] {
  const text = tscText(metric);
  const unit = metric === 'yield' ? '%' : 'bp';
  const level = (header: string, field: 'from' | 'to'): Column<Bucket> => ({
    header,
    id: field,
    field,
    format: (v) => text.level(v as number | null),
    align: 'right',
    className: 'bw-stat',
    headerTooltip: unit,
    hidden: !showLevels,
  });
  return [
    { header: 'Tenor', field: 'tenor', headerTooltip: 'Remaining-maturity bucket' },
    level(fromLabel, 'from'),
    level(toLabel, 'to'),
    {
      header: 'Change',
      field: 'change',
      format: (v) => text.change(v as number | null),
      align: 'right',
      className: 'bw-stat',
      tone: metric,
      headerTooltip: `Change, bp (green: ${metric === 'yield' ? 'lower' : 'tighter'})`,
    },
    { header: 'Bonds', field: 'bondCount', kind: 'count', className: 'bw-stat', headerTooltip: 'Bonds in the bucket' },
  ];
}

const bondDots = (bonds: BondPoint[], value: (b: BondPoint) => number | null, color: string): ChartSeries => ({
  name: '',
  color,
  style: 'points',
  points: monthPoints(bonds, (b) => b.tenor, value),
});

/** The two dates' curves (the earlier dashed), with each bond as a point when `showBonds`. */
export function levelSeries(data: Answer, showBonds: boolean, fromLabel: string, toLabel: string): ChartSeries[] {
  const curve = (pick: 'from' | 'to') =>
    data.buckets.filter((b) => b[pick] !== null).map((b) => ({ time: tenorMonths(b.tenor), value: b[pick]! }));
  const out: ChartSeries[] = [
    { name: fromLabel, color: '#868e96', style: 'dashed', points: curve('from') },
    { name: toLabel, color: '#ff922b', points: curve('to') },
  ];
  if (showBonds)
    out.push(
      bondDots(data.bonds, (b) => b.from, '#adb5bd99'),
      bondDots(data.bonds, (b) => b.to, '#ffc078'),
    );
  return out;
}

/** The change per tenor in bp (both metrics), with each bond's change as a point when `showBonds`. */
export function changeSeries(data: Answer, showBonds: boolean, metric: Metric): ChartSeries[] {
  const { changeBp } = tscText(metric);
  const out: ChartSeries[] = [
    {
      name: 'Change (bp)',
      color: '#4dabf7',
      baseline: 0,
      points: data.buckets.filter((b) => b.change !== null).map((b) => ({ time: tenorMonths(b.tenor), value: changeBp(b.change!) })),
    },
  ];
  if (showBonds) out.push(bondDots(data.bonds, (b) => (b.change === null ? null : changeBp(b.change)), '#74c0fc88'));
  return out;
}

/** The bond whose metric moved most either way, if any moved. */
export const biggestMover = (bonds: BondPoint[]): BondPoint | undefined =>
  [...bonds].filter((b) => b.change !== null).sort((a, b) => Math.abs(b.change!) - Math.abs(a.change!))[0];
