/**
 * A table's columns declared by kind, in the market vocabulary: a screen says "this is a price"
 * and DataTable chooses the formatter (the one `<Value>` uses, common/format.ts) and the alignment
 * (numbers right). Screens never write AG Grid `ColDef`s or `valueFormatter`s; a cell that is more
 * than text is a React component (`cell`).
 */
import type { ColDef, ColDefField, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import type { ComponentType } from 'react';
import { formatMarketTime, formatValue, MISSING, type ValueKind } from '@common/format';
import { toneClass, type ToneMetric } from './tone';

/**
 * What a column holds. The `<Value>` kinds (price, yield, spread, spreadLevel, size, tenor,
 * multiple, date, day, percent…) format as `<Value>` does; `instant` is a market event's time in New York ("… ET"); `count` a whole
 * number as it comes; `text` is shown as it is.
 */
export type ColumnKind = ValueKind | 'instant' | 'count' | 'text';

/** Market figures: right-aligned in the market font (`bw-stat`). */
const MARKET_FIGURES: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'price',
  'priceChange',
  'yield',
  'yieldChange',
  'spread',
  'spreadLevel',
  'size',
  'tenor',
  'multiple',
  'percent',
  'share',
]);
const MARKET_FIGURE_CLASS = 'ag-right-aligned-cell bw-stat';
/** Other numbers: right-aligned in the table's font. */
const PLAIN_NUMBERS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['number', 'duration', 'count']);

/** A custom cell: the row, the column's value and its text as the column's kind formats it. */
export interface CellProps<Row> {
  row: Row;
  value: unknown;
  text: string;
}

export interface Column<Row> {
  header: string;
  /** The row's field shown (and sorted on); or `value` to compute it. */
  field?: ColDefField<Row>;
  value?: (row: Row) => unknown;
  /** Defaults to `text`. */
  kind?: ColumnKind;
  /** What a missing value shows instead of the kind's own (e.g. '' where a blank reads better). */
  missing?: string;
  width?: number;
  minWidth?: number;
  flex?: number;
  pinned?: 'left' | 'right';
  /** The column the table opens sorted on. */
  sort?: 'asc' | 'desc';
  /** Defaults to true (server-paged lists turn it off: the server sorts). */
  sortable?: boolean;
  headerTooltip?: string;
  /** The cell's tooltip: its field's text (`true`), or a text computed from the row. */
  tooltip?: true | ((row: Row) => string | undefined);
  /** Colour a change green or red by what it means for a holder (components/tone.ts). */
  tone?: ToneMetric;
  /** A cell that is more than text (a badge, a link, a menu). */
  cell?: ComponentType<CellProps<Row>>;
}

/** The text a column shows for a value of its kind. */
export function formatCell(kind: ColumnKind, value: unknown, missing?: string): string {
  const absent = value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
  if (absent && missing !== undefined) return missing;
  switch (kind) {
    case 'text':
      return absent ? '' : String(value as string | number | boolean);
    case 'count':
      return absent ? MISSING : String(value as number);
    case 'instant':
      return formatMarketTime(value as Date | string | number | null | undefined);
    default:
      return formatValue(kind, value as number | string | Date | null | undefined);
  }
}

/** The AG Grid column DataTable builds from a declaration. */
export function toColDef<Row>(column: Column<Row>): ColDef<Row> {
  const kind = column.kind ?? 'text';
  const { field, value, cell: Cell, tooltip } = column;
  const def: ColDef<Row> = {
    headerName: column.header,
    ...(field ? { field } : {}),
    // A computed column keeps its header as its id, so the grid keeps its width and sort across renders.
    ...(!field && column.header ? { colId: column.header } : {}),
    ...(value ? { valueGetter: (p: { data: Row | undefined }) => (p.data === undefined ? undefined : value(p.data)) } : {}),
    ...(MARKET_FIGURES.has(kind) ? { type: 'numericColumn', cellClass: MARKET_FIGURE_CLASS } : {}),
    ...(PLAIN_NUMBERS.has(kind) ? { type: 'numericColumn' } : {}),
    ...(column.width !== undefined ? { width: column.width } : {}),
    ...(column.minWidth !== undefined ? { minWidth: column.minWidth } : {}),
    ...(column.flex !== undefined ? { flex: column.flex } : {}),
    ...(column.pinned ? { pinned: column.pinned } : {}),
    ...(column.sort ? { sort: column.sort } : {}),
    ...(column.sortable === false ? { sortable: false } : {}),
    ...(column.headerTooltip ? { headerTooltip: column.headerTooltip } : {}),
  };
  if (kind !== 'text' || column.missing !== undefined) {
    def.valueFormatter = (p: ValueFormatterParams<Row>) => formatCell(kind, p.value, column.missing);
  }
  const { tone } = column;
  if (tone) {
    const base = MARKET_FIGURES.has(kind) ? `${MARKET_FIGURE_CLASS} ` : '';
    def.cellClass = (p) => `${base}${toneClass(tone, p.value as number | null)}`;
  }
  if (tooltip === true && field) def.tooltipField = field;
  else if (typeof tooltip === 'function') def.tooltipValueGetter = (p) => (p.data ? tooltip(p.data) : undefined);
  if (Cell)
    def.cellRenderer = (p: ICellRendererParams<Row>) =>
      p.data === undefined ? null : <Cell row={p.data} value={p.value} text={formatCell(kind, p.value, column.missing)} />;
  return def;
}
