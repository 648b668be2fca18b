/**
 * THE chart wrapper (lightweight-charts v5): screens pass named series of
 * { time (epoch seconds or 'YYYY-MM-DD'), value } points — lines by default, or bars
 * (`type: 'histogram'`, each point optionally coloured, e.g. principal vs coupon in a cash-flow chart).
 *
 * Also:
 * - `axis: 'months'`: a curve chart (x = maturity in months, fractions allowed: 12 = 1Y, 360 =
 *   30Y) for yield and spread curves by tenor (lightweight-charts' yield-curve chart). The axis is
 *   tenor-spaced, as desks draw curves: the Treasury tenors 1M … 30Y stand at equal distances and
 *   maturities between two tenors are placed proportionally, so the short end is readable
 *   (linear, 1M to 6M would share the first 1.4% of the width); points sharing a slot are nudged
 *   one slot right;
 * - per series: `style` ('dashed' lines, or 'points' only — e.g. individual bonds on a curve),
 *   `priceScale: 'left'` (an overlay in other units on its own axis), its own `format`, and
 *   `markers` (points at a price: trades sized by quantity, coloured by side).
 */
import { Anchor, useMantineColorScheme } from '@mantine/core';
import {
  ColorType,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  createSeriesMarkers,
  createYieldCurveChart,
  type AutoscaleInfoProvider,
  type HistogramData,
  type IChartApiBase,
  type LineData,
  type SeriesMarker,
  type Time,
  type WhitespaceData,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { spacedByTime } from './chartTime';

export interface ChartMarker {
  time: number | string;
  /** Where on the value axis (the series' units). */
  value: number;
  color: string;
  /** Relative size (1 = default). */
  size?: number;
  shape?: 'circle' | 'square' | 'arrowUp' | 'arrowDown';
  text?: string;
}

export interface ChartSeries {
  name: string;
  points: Array<{ time: number | string; value: number; color?: string }>;
  color?: string;
  /** 'line' (default) or 'histogram' (bars from zero). */
  type?: 'line' | 'histogram';
  /** Line look: solid (default), dashed, or points only (no connecting line). */
  style?: 'solid' | 'dashed' | 'points';
  /** A dotted horizontal reference line at this value (e.g. 0 on a change chart). */
  baseline?: number;
  /** 'right' (default) or 'left': a second value axis for an overlay in other units. */
  priceScale?: 'left' | 'right';
  /** This series' axis/label format (defaults to the chart's formatValue). */
  format?: (value: number) => string;
  /** Points drawn at a value on this series' axis (sorted by time here). */
  markers?: ChartMarker[];
}

export interface TimeSeriesChartProps {
  series: ChartSeries[];
  height?: number;
  /** Format the value axis and labels (e.g. formatYield from common/format); a series' own `format` wins. */
  formatValue?: (value: number) => string;
  /**
   * 'time' (default: days), 'intraday' (times of day shown; pass wall-clock times as if UTC) or
   * 'months' (x is a maturity in months: curve charts).
   */
  axis?: 'time' | 'intraday' | 'months';
  /**
   * Bars of sparse dates (payments) placed in proportion to time from this day (chartTime.ts);
   * without it, bars are spaced by index as the library draws them.
   */
  timeAxisFrom?: string;
  testId?: string;
}

const PALETTE = ['#ff922b', '#4dabf7', '#51cf66', '#f06595', '#fcc419', '#9775fa'];

/** The curve axis's evenly spaced tenors, in months (the Treasury par curve's). */
export const AXIS_TENOR_MONTHS = [1, 2, 3, 4, 6, 12, 24, 36, 60, 84, 120, 240, 360] as const;
/** Slots between two neighbouring tenors (fine enough to keep nearby bonds apart). */
const SLOTS_PER_TENOR = 48;
/** Room before 1M (in tenor steps), so the first point and its "1M" label are not cut at the edge. */
const AXIS_LEAD = 0.4;

/** Position of a maturity on the tenor-spaced axis: 0 at 1M, 1 at 2M, … 12 at 30Y; linear between. */
export function tenorPosition(months: number): number {
  const t = AXIS_TENOR_MONTHS;
  if (months <= t[0]) return (months - t[0]) / (t[1] - t[0]);
  for (let i = 1; i < t.length; i++) {
    if (months <= t[i]!) return i - 1 + (months - t[i - 1]!) / (t[i]! - t[i - 1]!);
  }
  const n = t.length - 1;
  return n + (months - t[n]!) / (t[n]! - t[n - 1]!);
}

/** The maturity in months at a position of the tenor-spaced axis (the inverse of tenorPosition). */
export function monthsAtPosition(position: number): number {
  const t = AXIS_TENOR_MONTHS;
  const i = Math.min(Math.max(Math.floor(position), 0), t.length - 2);
  return t[i]! + (position - i) * (t[i + 1]! - t[i]!);
}

/** "3M", "5Y", "7Y6M" for a maturity in months. */
export function formatMonths(months: number): string {
  const m = Math.round(months);
  if (m < 12) return `${m}M`;
  const y = Math.floor(m / 12);
  const rest = m % 12;
  return rest ? `${y}Y${rest}M` : `${y}Y`;
}

/** Autoscale that also spans the markers' values (the default only fits the line). */
function withMarkers(markers: ChartMarker[]): AutoscaleInfoProvider {
  const values = markers.map((m) => m.value).filter(Number.isFinite);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return (base) => {
    const info = base();
    if (!info?.priceRange || values.length === 0) return info;
    return { ...info, priceRange: { minValue: Math.min(info.priceRange.minValue, lo), maxValue: Math.max(info.priceRange.maxValue, hi) } };
  };
}

/** Curve points on the slot axis: sorted, one per slot (a collision moves one slot right). */
function toSlots(points: ChartSeries['points']): ChartSeries['points'] {
  const used = new Set<number>();
  return [...points]
    .sort((a, b) => Number(a.time) - Number(b.time))
    .map((p) => {
      let slot = Math.max(0, Math.round((tenorPosition(Number(p.time)) + AXIS_LEAD) * SLOTS_PER_TENOR));
      while (used.has(slot)) slot += 1;
      used.add(slot);
      return { ...p, time: slot };
    })
    .sort((a, b) => a.time - b.time);
}

// One API for both chart kinds; the yield-curve chart accepts line series, which is all it gets here.
type AnyChart = IChartApiBase<Time> & IChartApiBase<number>;
type AnySeries = ReturnType<IChartApiBase<Time>['addSeries']>;

export function TimeSeriesChart({ series, height = 320, formatValue, axis = 'time', timeAxisFrom, testId }: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<AnyChart | null>(null);
  const lines = useRef<AnySeries[]>([]);
  const formatRef = useRef(formatValue);
  formatRef.current = formatValue;
  const { colorScheme } = useMantineColorScheme();
  const dark = colorScheme !== 'light';
  const hasLeft = series.some((s) => s.priceScale === 'left');

  useEffect(() => {
    if (!container.current) return;
    const instance = (axis === 'months'
      ? createYieldCurveChart(container.current, {
          height,
          autoSize: true,
          yieldCurve: { minimumTimeRange: 2 * SLOTS_PER_TENOR, startTimeRange: 0 },
          // 1M to 30Y are 576 slots: allow them to be narrower than the default 0.5 px so the whole
          // curve fits; the right offset keeps the last label ("30Y") inside the chart.
          timeScale: { minBarSpacing: 0.05, rightOffset: SLOTS_PER_TENOR / 4 },
          localization: {
            timeFormatter: (slot: number) => formatMonths(Math.max(0, monthsAtPosition(slot / SLOTS_PER_TENOR - AXIS_LEAD))),
          },
        })
      : createChart(container.current, {
          height,
          autoSize: true,
          ...(axis === 'intraday' ? { timeScale: { timeVisible: true, secondsVisible: false } } : {}),
        })) as unknown as AnyChart;
    chart.current = instance;
    return () => {
      instance.remove();
      chart.current = null;
      lines.current = [];
    };
  }, [height, axis]);

  useEffect(() => {
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        // The logo sat on the short end's points; the licence's attribution is the link under the chart.
        attributionLogo: false,
        textColor: dark ? '#a6abb3' : '#343a40',
        fontSize: 11,
      },
      grid: {
        vertLines: { color: dark ? '#1c1f24' : '#eceef0' },
        horzLines: { color: dark ? '#1c1f24' : '#eceef0' },
      },
      leftPriceScale: { visible: hasLeft, borderVisible: false },
      rightPriceScale: { visible: true, borderVisible: false },
      // The curve chart ignores series price formats (it formats as percent): format chart-wide there.
      ...(axis === 'months' && formatRef.current
        ? { localization: { priceFormatter: (v: number) => (formatRef.current ? formatRef.current(v) : String(v)) } }
        : {}),
    });
  }, [dark, hasLeft, axis, height]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    lines.current.forEach((line) => instance.removeSeries(line));
    lines.current = series.map((s, i) => {
      const color = s.color ?? PALETTE[i % PALETTE.length];
      const common = {
        color,
        title: s.name,
        priceScaleId: s.priceScale ?? 'right',
        // Formats go on each series (not the chart-wide localization, which would override them):
        // an overlay on the left axis keeps its own units.
        // The chart's format is read through a ref: pages may pass a new arrow function each render.
        ...(axis === 'time' && (s.format || formatRef.current)
          ? {
              priceFormat: {
                type: 'custom' as const,
                formatter: s.format ?? ((v: number) => (formatRef.current ? formatRef.current(v) : String(v))),
                minMove: 1e-7,
              },
            }
          : {}),
      };
      if (s.type === 'histogram') {
        const bars = instance.addSeries(HistogramSeries, common);
        // Sparse bars (payment dates) at their dates, not as wide as the gaps between them.
        const spaced = axis === 'time' && timeAxisFrom ? spacedByTime(s.points, timeAxisFrom) : s.points;
        bars.setData(
          spaced.map((p): HistogramData | WhitespaceData =>
            'value' in p ? { time: p.time as Time, value: p.value, ...(p.color ? { color: p.color } : {}) } : { time: p.time as Time },
          ),
        );
        return bars as AnySeries;
      }
      const line = instance.addSeries(LineSeries, {
        ...common,
        lineWidth: 2,
        lineStyle: s.style === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
        lineVisible: s.style !== 'points',
        // Curves (few points by tenor) show their points; time series do not.
        pointMarkersVisible: s.style === 'points' || axis === 'months',
        pointMarkersRadius: s.style === 'points' ? 3 : axis === 'months' ? 2 : undefined,
        lastValueVisible: s.style !== 'points',
        priceLineVisible: false,
        // Markers sit at their own values (a trade away from the close): keep them on the scale.
        ...(s.markers?.length ? { autoscaleInfoProvider: withMarkers(s.markers) } : {}),
      });
      const points = axis === 'months' ? toSlots(s.points) : s.points;
      line.setData(points.map((p) => ({ time: p.time as Time, value: p.value }) satisfies LineData));
      if (s.baseline !== undefined) {
        line.createPriceLine({
          price: s.baseline,
          color: dark ? '#5c5f66' : '#adb5bd',
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: false,
          title: '',
        });
      }
      if (s.markers?.length) {
        const markers = [...s.markers]
          .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
          .map(
            (m) =>
              ({
                time: m.time as Time,
                position: 'atPriceMiddle',
                price: m.value,
                color: m.color,
                shape: m.shape ?? 'circle',
                size: m.size ?? 1,
                ...(m.text ? { text: m.text } : {}),
              }) satisfies SeriesMarker<Time>,
          );
        createSeriesMarkers(line, markers);
      }
      return line as AnySeries;
    });
    instance.timeScale().fitContent();
  }, [series, height, axis, dark, timeAxisFrom]);

  // data-series: how many series are drawn (browser tests read it; the canvas itself is opaque).
  return (
    <div style={{ width: '100%' }}>
      <div
        ref={container}
        style={{ height, width: '100%' }}
        data-testid={testId}
        data-series={series.filter((s) => s.points.length > 0).length}
      />
      <Anchor
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        c="dimmed"
        display="block"
        ta="right"
        fz={9}
        underline="never"
        data-testid="chart-attribution"
      >
        Charts by TradingView
      </Anchor>
    </div>
  );
}
