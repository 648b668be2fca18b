import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { DataTable, type CellProps, type Column } from './DataTable';

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
