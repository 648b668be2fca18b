/** Pure pieces of the curve page: chart series and the texts of a correction or an import. */
import { type AdminCurve, type CurveCompare, type CurvePoint, type CurvePointSaved } from '@common/api/adminCurve';
import { type ImportReportBody } from '@common/api/upload';
import { formatNumber, formatYield } from '@common/format';
import { type ChartSeries } from '../../../components/TimeSeriesChart';

const months = (years: number) => Math.round(years * 12 * 100) / 100;
const series = (name: string, points: Array<{ years: number; yield: number | null }>): ChartSeries => ({
  name,
  points: points.filter((p) => p.yield !== null).map((p) => ({ time: months(p.years), value: p.yield! })),
});

/** The day's curve, and the compared day's dashed behind it when there is one. */
export function curveChartSeries(c: AdminCurve, compared: CurveCompare | undefined): ChartSeries[] {
  return [
    series(c.date, c.points),
    ...(compared
      ? [
          {
            ...series(
              compared.a,
              compared.points.map((p) => ({ years: p.years, yield: p.yieldA })),
            ),
            style: 'dashed' as const,
          },
        ]
      : []),
  ];
}

export function correctedText(date: string, point: CurvePoint, saved: CurvePointSaved): string {
  return (
    `${point.tenor} on ${date}: ${formatYield(point.yield)} → ${formatYield(saved.point.yield)}; ` +
    (saved.repriceError ? `not repriced: ${saved.repriceError}` : `${formatNumber(saved.bondsRepriced, 0)} bond(s) repriced`)
  );
}

export function importedText(fileName: string, report: ImportReportBody): string {
  return `${fileName}: ${formatNumber(report.rowsImported, 0)} day(s) imported, ${formatNumber(report.rowsRejected, 0)} rejected`;
}
