/**
 * DataTable's simple mode: a plain HTML table (no virtualisation, no sorting, no column moves) for
 * the short lists a page shows whole (invites, a call schedule, a cash-flow table). It takes the
 * grid's own column declarations (`Column`, `ColumnGroup`) and formats every cell on the same path
 * (`cellText` → formatCell, the formatter `<Value>` uses), aligned by kind as the grid aligns them,
 * so a price reads the same in both. Pages never import Mantine's `Table`; this does.
 */
import { Table, type TableProps } from '@mantine/core';
import { Fragment, type ComponentType, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cellText, columnId, isColumnGroup, isMarketFigure, isRightAligned, type Column, type TableColumn } from './tableColumns';
import { toneClass } from './tone';

export type { CellProps, Column, ColumnGroup, ColumnKind, TableColumn } from './tableColumns';

/** How the table looks: Mantine's own density and borders (the props pages passed before). */
export type SimpleTableLook = Pick<
  TableProps,
  | 'striped'
  | 'highlightOnHover'
  | 'withTableBorder'
  | 'withColumnBorders'
  | 'withRowBorders'
  | 'verticalSpacing'
  | 'horizontalSpacing'
  | 'fz'
  | 'layout'
  | 'stickyHeader'
  | 'miw'
>;

export interface SimpleTableProps<Row> extends SimpleTableLook {
  rows: readonly Row[];
  /** The same declarations DataTable takes; a column's `cell` renders controls (buttons, links). */
  columns: readonly TableColumn<Row>[];
  /** A stable key per row (React's; nothing a person sees). */
  rowKey: (row: Row, index: number) => string;
  /** A click on the row, or Enter on it: the row is focusable and the arrows move between rows. */
  onRowClick?: (row: Row) => void;
  /** What Enter or a click on the row does, read out by a screen reader (e.g. "Open Apple 2030"). */
  rowLabel?: (row: Row) => string;
  rowTestId?: string | ((row: Row) => string);
  rowClassName?: string | ((row: Row) => string | undefined);
  /** Data attributes on a row (`{ name: 'x' }` → `data-name="x"`), for tests and styles that find rows by them. */
  rowData?: (row: Row) => Record<string, string>;
  /** The row a person picked (its detail shown beside the table): `aria-selected` on the row. */
  rowSelected?: (row: Row) => boolean;
  /**
   * A component around each row's cells: it may hold the row's own state (an edit in progress) in
   * a hook and hand it to the row's cells through a context, so several cells share one edit.
   */
  rowScope?: ComponentType<{ row: Row; children: ReactNode }>;
  /** One cell across every column in place of the row's cells (e.g. the row being edited), or nothing. */
  replaceRow?: (row: Row) => ReactNode;
  /** One cell across every column under the row (what the row opens to), or nothing. */
  expandedRow?: (row: Row) => ReactNode;
  /** The sentence shown instead of the table when there are no rows (none: an empty table body). */
  empty?: ReactNode;
  /** A last row under the body (totals): one cell per shown column, aligned as its column, set as header cells. */
  footer?: { cells: readonly ReactNode[]; testId?: string };
  /** Scroll inside the table's own box past these sizes (with `stickyHeader`, the header stays). */
  scroll?: { minWidth: number; maxHeight?: number | string };
  /** A header cell's content in place of its text (e.g. a control that picks the column), or nothing for the text. */
  headerContent?: (column: Column<Row>) => ReactNode;
  /** Without a header row (a list whose cells say what they are). */
  headless?: boolean;
  caption?: string;
  ariaLabel?: string;
  testId?: string;
}

const present = (node: ReactNode): boolean => node !== null && node !== undefined && node !== false;

function leaves<Row>(columns: readonly TableColumn<Row>[]): readonly Column<Row>[] {
  return columns.flatMap((c): readonly Column<Row>[] => (isColumnGroup(c) ? c.columns : [c]));
}

/** A field as AG Grid reads it: a dotted path walks into nested objects. */
function fieldValue(row: unknown, field: string): unknown {
  let at: unknown = row;
  for (const part of field.split('.')) {
    if (at === null || at === undefined || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function valueOf<Row>(column: Column<Row>, row: Row): unknown {
  if (column.value) return column.value(row);
  return column.field ? fieldValue(row, column.field as string) : undefined;
}

function cellClass<Row>(column: Column<Row>, value: unknown): string | undefined {
  const classes = [
    isMarketFigure(column) ? 'bw-stat' : '',
    column.className ?? '',
    column.tone ? toneClass(column.tone, typeof value === 'number' ? value : null) : '',
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const value = valueOf(column, row);
  const text = cellText(column, value);
  const Custom = column.cell;
  const title = column.tooltip === true ? text : column.tooltip ? column.tooltip(row) : undefined;
  return (
    <Table.Td
      ta={isRightAligned(column) ? 'right' : undefined}
      className={cellClass(column, value)}
      title={title}
      w={column.width}
      // A control's click or Enter is the control's, never the row's.
      {...(column.control ? { 'data-no-row-click': true } : {})}
    >
      {Custom ? <Custom row={row} value={value} text={text} /> : text}
    </Table.Td>
  );
}

function headerOf<Row>(column: Column<Row>, content: ((column: Column<Row>) => ReactNode) | undefined): ReactNode {
  const own = content?.(column);
  return present(own) ? own : column.header;
}

function Header<Row>({ columns, content }: { columns: readonly TableColumn<Row>[]; content?: (column: Column<Row>) => ReactNode }) {
  const grouped = columns.some((c) => isColumnGroup(c));
  return (
    <Table.Thead>
      {grouped && (
        <Table.Tr>
          {columns.map((c) =>
            isColumnGroup(c) ? (
              <Table.Th key={c.header} colSpan={c.columns.filter((l) => !l.hidden).length} ta="center" title={c.headerTooltip}>
                {c.header}
              </Table.Th>
            ) : c.hidden ? null : (
              <Table.Th key={columnId(c)} />
            ),
          )}
        </Table.Tr>
      )}
      <Table.Tr>
        {leaves(columns)
          .filter((c) => !c.hidden)
          .map((c) => (
            <Table.Th key={columnId(c)} ta={isRightAligned(c) ? 'right' : undefined} title={c.headerTooltip} w={c.width}>
              {headerOf(c, content)}
            </Table.Th>
          ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function focusSibling(row: HTMLElement, direction: 1 | -1): void {
  const next = direction === 1 ? row.nextElementSibling : row.previousElementSibling;
  if (next instanceof HTMLElement && next.tabIndex >= 0) next.focus();
}

function dataAttributes(data: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
}

export function SimpleTable<Row>(props: SimpleTableProps<Row>) {
  const { rows, columns, rowKey, onRowClick, rowLabel, rowTestId, rowClassName, rowData, rowSelected, empty, footer } = props;
  const { headless, caption, ariaLabel, testId, scroll, rowScope: Scope, replaceRow, expandedRow, headerContent } = props;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = leaves(columns).filter((c) => !c.hidden);
  const open = onRowClick;
  const classOf = (row: Row) => {
    const own = typeof rowClassName === 'function' ? rowClassName(row) : rowClassName;
    return [open ? 'bw-row-link' : '', own ?? ''].filter(Boolean).join(' ') || undefined;
  };
  const onClick = (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
    // Links, buttons and inputs inside the row, and control columns, keep their own targets.
    if ((event.target as HTMLElement).closest('a, button, input, [data-no-row-click]')) return;
    open?.(row);
  };
  const onKeyDown = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      open?.(row);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusSibling(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
    }
  };
  const tableLook: SimpleTableLook = {
    striped: props.striped,
    highlightOnHover: props.highlightOnHover,
    withTableBorder: props.withTableBorder,
    withColumnBorders: props.withColumnBorders,
    withRowBorders: props.withRowBorders,
    verticalSpacing: props.verticalSpacing,
    horizontalSpacing: props.horizontalSpacing,
    fz: props.fz,
    layout: props.layout,
    stickyHeader: props.stickyHeader,
    miw: props.miw,
  };
  const table = (
    <Table {...tableLook} data-testid={testId} aria-label={ariaLabel}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      {!headless && <Header columns={columns} content={headerContent} />}
      <Table.Tbody>
        {rows.map((row, i) => {
          const replacement = replaceRow?.(row);
          const expansion = expandedRow?.(row);
          const tr = present(replacement) ? (
            <Table.Tr>
              <Table.Td colSpan={shown.length}>{replacement}</Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr
              data-testid={typeof rowTestId === 'function' ? rowTestId(row) : rowTestId}
              className={classOf(row)}
              {...dataAttributes(rowData?.(row))}
              {...(rowSelected ? { 'aria-selected': rowSelected(row) } : {})}
              {...(open
                ? {
                    tabIndex: 0,
                    // The row stays a table row, named by its cells; what Enter does is its description.
                    'aria-description': rowLabel?.(row),
                    onClick: onClick(row),
                    onKeyDown: onKeyDown(row),
                  }
                : {})}
            >
              {shown.map((c) => (
                <Cell key={columnId(c)} column={c} row={row} />
              ))}
            </Table.Tr>
          );
          const whole = (
            <>
              {tr}
              {present(expansion) && (
                <Table.Tr>
                  <Table.Td colSpan={shown.length}>{expansion}</Table.Td>
                </Table.Tr>
              )}
            </>
          );
          return Scope ? (
            <Scope key={rowKey(row, i)} row={row}>
              {whole}
            </Scope>
          ) : (
            <Fragment key={rowKey(row, i)}>{whole}</Fragment>
          );
        })}
      </Table.Tbody>
      {footer && (
        <Table.Tfoot>
          <Table.Tr data-testid={footer.testId}>
            {shown.map((c, i) => (
              <Table.Th key={columnId(c)} ta={isRightAligned(c) ? 'right' : undefined} className={cellClass(c, undefined)}>
                {footer.cells[i]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
  return scroll ? (
    <Table.ScrollContainer minWidth={scroll.minWidth} maxHeight={scroll.maxHeight}>
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
}
