/**
 * A table's columns declared by kind, in the market vocabulary: a screen says "this is a price"
 * and DataTable chooses the formatter (the one `<Value>` uses, common/format.ts) and the alignment
 * (numbers right). Screens never write AG Grid `ColDef`s or `valueFormatter`s; a cell that is more
 * than text is a React component (`cell`).
 */
import type { ColDef, ColDefField, ColGroupDef, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import type { ComponentType, ReactNode } from 'react';
import { formatMarketTime, formatNumber, formatValue, MISSING, type ValueKind } from '@common/format';
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
  /** The column's stable id (sort keys, moves, flashes): defaults to its field, else its header. */
  id?: string;
  /** The row's field shown (and sorted on); or `value` to compute it. */
  field?: ColDefField<Row>;
  value?: (row: Row) => unknown;
  /** Defaults to `text`. */
  kind?: ColumnKind;
  /** The text of a value when no kind formats it as the screen needs (the bond table's own kinds). */
  format?: (value: unknown) => string;
  /** Right-align the header and the cell (number kinds already are). */
  align?: 'right';
  /** A class of the screen's own on the cell, beside the kind's (e.g. the bond screens' `bw-num`). */
  className?: string;
  /** What a missing value shows instead of the kind's own (e.g. '' where a blank reads better). */
  missing?: string;
  width?: number;
  /** The width the column opens at; unlike `width`, a person's resize survives new declarations. */
  initialWidth?: number;
  minWidth?: number;
  maxWidth?: number;
  flex?: number;
  pinned?: 'left' | 'right';
  /** A pinned column a person cannot drag out of its side. */
  keepPinned?: true;
  /** Shown unless true (a hidden column keeps its place in the order). */
  hidden?: boolean;
  /**
   * The column's sort: the one the table opens sorted on; `null` says "not sorted" (a screen
   * that owns the sort, e.g. a saved view, passes every column's).
   */
  sort?: 'asc' | 'desc' | null;
  /** Its rank among several sorts (0 the primary). */
  sortIndex?: number | null;
  /** A header click sorts this way first, then flips, never back to unsorted (numbers: 'desc'). */
  firstSort?: 'asc' | 'desc';
  /** Defaults to true (server-paged lists turn it off: the server sorts). */
  sortable?: boolean;
  /** Defaults to true. */
  resizable?: boolean;
  /** Defaults to true: a person may drag the column to another place. */
  movable?: boolean;
  headerTooltip?: string;
  /** The cell's tooltip: its field's text (`true`), or a text computed from the row. */
  tooltip?: true | ((row: Row) => string | undefined);
  /** Colour a change green or red by what it means for a holder (components/tone.ts). */
  tone?: ToneMetric;
  /** A cell that is more than text (a badge, a link, a menu). */
  cell?: ComponentType<CellProps<Row>>;
  /**
   * The cell is a control of its own (a menu): a click or Enter in it belongs to the control,
   * never opens the row.
   */
  control?: true;
}

/** A header over several columns (e.g. one predictor's figures side by side). */
export interface ColumnGroup<Row> {
  header: string;
  headerTooltip?: string;
  columns: readonly Column<Row>[];
}

export type TableColumn<Row> = Column<Row> | ColumnGroup<Row>;

export function isColumnGroup<Row>(c: TableColumn<Row>): c is ColumnGroup<Row> {
  return 'columns' in c;
}

/** A column's id as the grid knows it. */
export function columnId<Row>(column: Column<Row>): string {
  return column.id ?? (column.field as string | undefined) ?? column.header;
}

/** The text a column shows for a value of its kind. */
export function formatCell(kind: ColumnKind, value: unknown, missing?: string): string {
  const absent = value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
  if (absent && missing !== undefined) return missing;
  switch (kind) {
    case 'text':
      return absent ? '' : String(value as string | number | boolean);
    case 'count':
      // Whole numbers with thousands separators: "1,500" trades, as a desk reads them.
      return absent ? MISSING : typeof value === 'number' ? formatNumber(value, 0) : String(value as string);
    case 'instant':
      return formatMarketTime(value as Date | string | number | null | undefined);
    default:
      return formatValue(kind, value as number | string | Date | null | undefined);
  }
}

/** Numbers (and columns that ask) sit right, header and cell, in both the grid and the simple table. */
export function isRightAligned<Row>(column: Column<Row>): boolean {
  const kind = column.kind ?? 'text';
  return MARKET_FIGURES.has(kind) || PLAIN_NUMBERS.has(kind) || column.align === 'right';
}

/** Market figures are set in the market font (`bw-stat`) wherever a table shows them. */
export function isMarketFigure<Row>(column: Column<Row>): boolean {
  return MARKET_FIGURES.has(column.kind ?? 'text');
}

/** The text a cell shows: the column's own `format`, else its kind's (the one path both tables take). */
export function cellText<Row>(column: Column<Row>, value: unknown): string {
  return column.format ? column.format(value) : formatCell(column.kind ?? 'text', value, column.missing);
}

/** The AG Grid column DataTable builds from a declaration. */
export function toColDef<Row>(column: Column<Row>): ColDef<Row> {
  const kind = column.kind ?? 'text';
  const { field, value, cell: Cell, tooltip, format } = column;
  const right = isRightAligned(column);
  const classes = [MARKET_FIGURES.has(kind) ? MARKET_FIGURE_CLASS : right ? 'ag-right-aligned-cell' : '', column.className ?? '']
    .filter(Boolean)
    .join(' ');
  const def: ColDef<Row> = {
    headerName: column.header,
    ...(field ? { field } : {}),
    // A computed column keeps its header as its id, so the grid keeps its width and sort across renders.
    ...(column.id !== undefined ? { colId: column.id } : !field && column.header ? { colId: column.header } : {}),
    ...(value ? { valueGetter: (p: { data: Row | undefined }) => (p.data === undefined ? undefined : value(p.data)) } : {}),
    ...(right ? { type: 'numericColumn' } : {}),
    ...(classes ? { cellClass: classes } : {}),
    ...(column.width !== undefined ? { width: column.width } : {}),
    ...(column.initialWidth !== undefined ? { initialWidth: column.initialWidth } : {}),
    ...(column.minWidth !== undefined ? { minWidth: column.minWidth } : {}),
    ...(column.maxWidth !== undefined ? { maxWidth: column.maxWidth } : {}),
    ...(column.flex !== undefined ? { flex: column.flex } : {}),
    ...(column.pinned ? { pinned: column.pinned } : {}),
    ...(column.keepPinned ? { lockPinned: true } : {}),
    ...(column.hidden !== undefined ? { hide: column.hidden } : {}),
    ...(column.sort !== undefined ? { sort: column.sort } : {}),
    ...(column.sortIndex !== undefined ? { sortIndex: column.sortIndex } : {}),
    ...(column.firstSort ? { sortingOrder: column.firstSort === 'desc' ? ['desc', 'asc'] : ['asc', 'desc'] } : {}),
    ...(column.sortable === false ? { sortable: false } : {}),
    ...(column.resizable === false ? { resizable: false } : {}),
    ...(column.movable === false ? { suppressMovable: true } : {}),
    ...(column.headerTooltip ? { headerTooltip: column.headerTooltip } : {}),
  };
  // A row still loading (server-paged lists) shows blank, not the kind's dash.
  if (format) def.valueFormatter = (p: ValueFormatterParams<Row>) => (p.data === undefined ? '' : format(p.value));
  else if (kind !== 'text' || column.missing !== undefined)
    def.valueFormatter = (p: ValueFormatterParams<Row>) => (p.data === undefined ? '' : formatCell(kind, p.value, column.missing));
  const { tone } = column;
  if (tone) def.cellClass = (p) => [classes, toneClass(tone, p.value as number | null)].filter(Boolean).join(' ');
  if (tooltip === true && field) def.tooltipField = field;
  else if (typeof tooltip === 'function') def.tooltipValueGetter = (p) => (p.data ? tooltip(p.data) : undefined);
  if (Cell) def.cellRenderer = rendererOf(Cell, kind, column.missing);
  return def;
}

/** A group's AG Grid header over its columns' own. */
export function toColGroupDef<Row>(group: ColumnGroup<Row>): ColGroupDef<Row> {
  return {
    headerName: group.header,
    ...(group.headerTooltip ? { headerTooltip: group.headerTooltip } : {}),
    children: group.columns.map((c) => toColDef(c)),
  };
}

type Renderer<Row> = (p: ICellRendererParams<Row>) => ReactNode;
// One renderer per cell component: a new function on every declaration would remount the cells
// (a sparkline refetching, an open row menu closing) each time a screen re-declares its columns.
const renderers = new WeakMap<object, Map<string, unknown>>();

function rendererOf<Row>(Cell: ComponentType<CellProps<Row>>, kind: ColumnKind, missing: string | undefined): Renderer<Row> {
  const key = `${kind}\u0000${missing ?? ''}`;
  let byFormat = renderers.get(Cell);
  if (!byFormat) renderers.set(Cell, (byFormat = new Map()));
  const known = byFormat.get(key) as Renderer<Row> | undefined;
  if (known) return known;
  const made: Renderer<Row> = (p) =>
    p.data === undefined ? null : <Cell row={p.data} value={p.value} text={formatCell(kind, p.value, missing)} />;
  byFormat.set(key, made);
  return made;
}
