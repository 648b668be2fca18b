/**
 * Reading an AG Grid table (components/DataTable) as a user sees it: one row's cells by column id.
 * AG Grid draws a pinned column's cells in a separate row element with the same row-id, so the
 * row is gathered from every container.
 */
export function gridCells(table: HTMLElement, rowId: string): Record<string, string | null> {
  return Object.fromEntries(
    [...table.querySelectorAll(`[row-id="${rowId.replace(/["\\]/g, '\\$&')}"] .ag-cell`)].map((c) => [
      c.getAttribute('col-id'),
      c.textContent,
    ]),
  );
}

/** The table's row ids in the order shown (AG Grid may keep row elements in any DOM order). */
export function gridRowIds(table: HTMLElement): string[] {
  const index = new Map<string, number>();
  for (const row of table.querySelectorAll('.ag-row[row-id]'))
    index.set(row.getAttribute('row-id') ?? '', Number(row.getAttribute('row-index')));
  return [...index].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}
