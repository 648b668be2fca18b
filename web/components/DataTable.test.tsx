import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { DataTable, type CellProps, type Column, type DataTableHandle, type ServerRows, type SortKey, type TableColumn } from './DataTable';

interface Quote {
  cusip: string;
  price: number;
  yield: number | null;
  spread: number;
  size: number;
  trades: number;
  tradedAt: string;
}

const rows: Quote[] = [
  { cusip: '037833DX5', price: 101.25, yield: 0.051234, spread: 12.34, size: 500_000_000, trades: 7, tradedAt: '2026-11-20T22:48:00Z' },
];

function CusipLink({ row }: CellProps<Quote>) {
  return <a href={`/bond/${row.cusip}`}>{row.cusip}</a>;
}

const columns: Column<Quote>[] = [
  { header: 'CUSIP', field: 'cusip', cell: CusipLink },
  { header: 'Price', field: 'price', kind: 'price' },
  { header: 'Yield', field: 'yield', kind: 'yield' },
  { header: 'Spread', field: 'spread', kind: 'spread' },
  { header: 'Size', field: 'size', kind: 'size' },
  { header: 'Trades', value: (r) => r.trades * 2, kind: 'count' },
  { header: 'Traded', field: 'tradedAt', kind: 'instant' },
  { header: 'Wider by', field: 'spread', kind: 'spreadLevel', tone: 'spread' },
];

function renderTable() {
  render(
    <MantineProvider theme={theme} env="test">
      <DataTable rows={rows} columns={columns} testId="quotes" />
    </MantineProvider>,
  );
  return screen.getByTestId('quotes');
}

function cell(table: HTMLElement, header: string): HTMLElement {
  const headerCell = within(table).getByText(header).closest('[col-id]');
  const colId = headerCell?.getAttribute('col-id');
  const found = table.querySelector<HTMLElement>(`.ag-cell[col-id="${colId}"]`);
  if (!found) throw new Error(`no cell under ${header}`);
  return found;
}

describe('DataTable columns declared by kind', () => {
  it('formats each cell as <Value> does and right-aligns the numbers', async () => {
    const table = renderTable();
    await within(table).findByText('101.250');
    expect(cell(table, 'Price').textContent).toBe('101.250');
    expect(cell(table, 'Yield').textContent).toBe('5.123%');
    expect(cell(table, 'Spread').textContent).toBe('+12.3 bp');
    expect(cell(table, 'Size').textContent).toBe('500MM');
    expect(cell(table, 'Trades').textContent).toBe('14');
    expect(cell(table, 'Traded').textContent).toBe('Nov 20, 2026, 5:48 PM ET');
    expect(cell(table, 'Price').className).toContain('ag-right-aligned-cell');
    expect(cell(table, 'CUSIP').className).not.toContain('ag-right-aligned-cell');
    // A spread that widened is bad news for a holder: red, still in the market font.
    expect(cell(table, 'Wider by').className).toContain('bw-tone-bad');
    expect(cell(table, 'Wider by').className).toContain('bw-stat');
    expect(cell(table, 'Wider by').textContent).toBe('12.3 bp');
  });

  it('renders a custom cell as the React component given', async () => {
    const table = renderTable();
    const link = await within(table).findByRole('link', { name: '037833DX5' });
    expect(link.getAttribute('href')).toBe('/bond/037833DX5');
  });
});

describe('DataTable for the grid screens (groups, control cells, server-paged rows)', () => {
  function RowMenu({ row }: CellProps<Quote>) {
    return <button type="button">menu of {row.cusip}</button>;
  }

  it('puts a group header over its columns', async () => {
    const grouped: TableColumn<Quote>[] = [
      { header: 'CUSIP', field: 'cusip' },
      {
        header: 'Evaluated price',
        columns: [
          { header: 'Price', id: 'eval.price', field: 'price', kind: 'price' },
          { header: 'Yield', id: 'eval.yield', field: 'yield', kind: 'yield' },
        ],
      },
    ];
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable rows={rows} columns={grouped} testId="grouped" />
      </MantineProvider>,
    );
    const table = screen.getByTestId('grouped');
    await within(table).findByText('101.250');
    expect(within(table).getByText('Evaluated price').closest('.ag-header-group-cell')).not.toBeNull();
    expect(table.querySelector('.ag-cell[col-id="eval.yield"]')?.textContent).toBe('5.123%');
  });

  it('opens a row on click and on Enter, but not from a control cell', async () => {
    const opened: string[] = [];
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable
          rows={rows}
          columns={[
            { header: 'CUSIP', field: 'cusip' },
            { header: '', id: 'menu', cell: RowMenu, control: true },
          ]}
          onRowClick={(row) => opened.push(row.cusip)}
          testId="controls"
        />
      </MantineProvider>,
    );
    const table = screen.getByTestId('controls');
    const menu = await within(table).findByRole('button', { name: 'menu of 037833DX5' });
    const cusip = within(table).getByText('037833DX5');
    // ag-grid-react hands grid events to React in one batch after the DOM events (a timer), in
    // order: these three arrive together, so once one has, all have.
    fireEvent.keyDown(menu.closest<HTMLElement>('.ag-cell')!, { key: 'Enter' });
    fireEvent.click(menu);
    fireEvent.keyDown(cusip, { key: 'Enter' });
    await waitFor(() => expect(opened.length).toBeGreaterThan(0));
    expect(opened).toEqual(['037833DX5']);
    fireEvent.click(cusip);
    await waitFor(() => expect(opened).toEqual(['037833DX5', '037833DX5']));
  });

  it('asks for a block in the declared sort, then refreshes a shown row and flashes what changed', async () => {
    const asked: { start: number; end: number; sort: SortKey[] }[] = [];
    const serverRows: ServerRows<Quote> = {
      blockSize: 50,
      fetch: (request) => {
        asked.push(request);
        return Promise.resolve({ rows, total: rows.length });
      },
    };
    const handle = createRef<DataTableHandle<Quote>>();
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable
          rows={undefined}
          columns={[
            { header: 'CUSIP', field: 'cusip', sortable: false },
            { header: 'Price', field: 'price', kind: 'price', sort: 'desc' },
          ]}
          rowId={(q) => q.cusip}
          serverRows={serverRows}
          handle={handle}
          testId="paged"
        />
      </MantineProvider>,
    );
    const table = screen.getByTestId('paged');
    await waitFor(() => expect(asked.length).toBe(1), { timeout: 5000 });
    await within(table).findByText('101.250');
    expect(asked).toEqual([{ start: 0, end: 50, sort: [{ column: 'price', descending: true }] }]);
    expect(handle.current?.sort()).toEqual([{ column: 'price', descending: true }]);

    act(() => handle.current?.refreshRows([{ ...rows[0]!, price: 99.5 }], ['price', 'yield']));
    const price = table.querySelector<HTMLElement>('.ag-cell[col-id="price"]')!;
    await waitFor(() => expect(price.textContent).toBe('99.500'));
    expect(price.className).toMatch(/ag-cell-data-changed/);
    expect(table.querySelector('.ag-cell[col-id="cusip"]')?.className).not.toMatch(/ag-cell-data-changed/);
  });
});
