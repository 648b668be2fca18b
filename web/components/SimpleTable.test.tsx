import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { SimpleTable, type CellProps, type Column, type TableColumn } from './SimpleTable';

interface Quote {
  cusip: string;
  price: number;
  spread: number;
  size: number;
  tradedAt: string;
  trades: number;
}

const apple: Quote = {
  cusip: '037833DX5',
  price: 101.25,
  spread: -12.34,
  size: 500_000_000,
  tradedAt: '2026-11-20T22:48:00Z',
  trades: 12_480,
};
const ibm: Quote = { cusip: '459200JY8', price: 98.5, spread: 40, size: 250_000_000, tradedAt: '2026-11-21T15:00:00Z', trades: 7 };

function RemoveButton({ row }: CellProps<Quote>) {
  return <button type="button">Remove {row.cusip}</button>;
}

/** A row's own count of picks, held by its scope and read by two of its cells. */
const Picks = createContext<{ picks: number; pick: () => void }>({ picks: 0, pick: () => undefined });

function PickScope({ children }: { row: Quote; children: ReactNode }) {
  const [picks, setPicks] = useState(0);
  return <Picks.Provider value={{ picks, pick: () => setPicks((n) => n + 1) }}>{children}</Picks.Provider>;
}

function PickButton() {
  const { pick } = useContext(Picks);
  return (
    <button type="button" onClick={pick}>
      Pick
    </button>
  );
}

function PickCount() {
  return <span data-testid="picks">{useContext(Picks).picks} picks</span>;
}

const scopedColumns: Column<Quote>[] = [
  { header: 'CUSIP', field: 'cusip' },
  { header: 'Pick', id: 'pick', cell: PickButton },
  { header: 'Picks', id: 'picks', cell: PickCount },
];

const columns: Column<Quote>[] = [
  { header: 'CUSIP', field: 'cusip' },
  { header: 'Price', field: 'price', kind: 'price' },
  { header: 'Spread', field: 'spread', kind: 'spread' },
  { header: 'Size', field: 'size', kind: 'size' },
  { header: 'Traded', field: 'tradedAt', kind: 'instant' },
  { header: 'Trades', field: 'trades', kind: 'count' },
  { header: 'Wider by', field: 'spread', id: 'wider', kind: 'spreadLevel', tone: 'spread' },
];

function show(table: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      {table}
    </MantineProvider>,
  );
}

/** The cell under a header in a row, found as a person reads it: by the header's place. */
function cellUnder(table: HTMLElement, row: HTMLElement, header: string): HTMLElement {
  const headers = Array.from(table.querySelectorAll('thead tr:last-child th')).map((th) => th.textContent);
  const cell = row.querySelectorAll('td')[headers.indexOf(header)];
  if (!(cell instanceof HTMLElement)) throw new Error(`no cell under ${header}`);
  return cell;
}

describe('a short list shown whole in the simple table', () => {
  it('shows a price, a size and a time as the grid formats them, numbers right-aligned', () => {
    show(<SimpleTable rows={[apple]} columns={columns} rowKey={(r) => r.cusip} rowTestId="quote-row" testId="quotes" />);
    const table = screen.getByTestId('quotes');
    const row = screen.getByTestId('quote-row');
    expect(cellUnder(table, row, 'Price').textContent).toBe('101.250');
    expect(cellUnder(table, row, 'Size').textContent).toBe('500MM');
    expect(cellUnder(table, row, 'Traded').textContent).toBe('Nov 20, 2026, 5:48 PM ET');
    expect(cellUnder(table, row, 'Trades').textContent).toBe('12,480');
    expect(cellUnder(table, row, 'Price').style.textAlign).toBe('right');
    expect(cellUnder(table, row, 'Price').className).toContain('bw-stat');
    expect(cellUnder(table, row, 'CUSIP').style.textAlign).toBe('');
    expect(within(table).getByRole('columnheader', { name: 'Price' }).style.textAlign).toBe('right');
  });

  it('shows a negative spread with its sign, and a tighter spread in the good colour', () => {
    show(<SimpleTable rows={[apple]} columns={columns} rowKey={(r) => r.cusip} rowTestId="quote-row" testId="quotes" />);
    const table = screen.getByTestId('quotes');
    const row = screen.getByTestId('quote-row');
    expect(cellUnder(table, row, 'Spread').textContent).toBe('-12.3 bp');
    expect(cellUnder(table, row, 'Wider by').className).toContain('bw-tone-good');
  });

  it('says the empty sentence instead of an empty table', () => {
    show(
      <SimpleTable
        rows={[]}
        columns={columns}
        rowKey={(r) => r.cusip}
        testId="quotes"
        empty={<p data-testid="quotes-empty">No quotes yet.</p>}
      />,
    );
    expect(screen.getByTestId('quotes-empty').textContent).toBe('No quotes yet.');
    expect(screen.queryByTestId('quotes')).toBeNull();
  });

  it('opens a row with Enter and moves to the next row with the down arrow', () => {
    const opened: string[] = [];
    show(
      <SimpleTable
        rows={[apple, ibm]}
        columns={columns}
        rowKey={(r) => r.cusip}
        rowTestId={(r) => `quote-${r.cusip}`}
        onRowClick={(r) => opened.push(r.cusip)}
        rowLabel={(r) => `Open ${r.cusip}`}
      />,
    );
    const first = screen.getByTestId('quote-037833DX5');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('quote-459200JY8'));
    fireEvent.keyDown(screen.getByTestId('quote-459200JY8'), { key: 'Enter' });
    fireEvent.click(within(first).getByText('101.250'));
    expect(opened).toEqual(['459200JY8', '037833DX5']);
    expect(first.getAttribute('aria-description')).toBe('Open 037833DX5');
  });

  it('a button in a cell is its own control: clicking it does not open the row', () => {
    const opened: string[] = [];
    const withControl: TableColumn<Quote>[] = [...columns, { header: '', id: 'remove', cell: RemoveButton, control: true }];
    show(<SimpleTable rows={[apple]} columns={withControl} rowKey={(r) => r.cusip} onRowClick={(r) => opened.push(r.cusip)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 037833DX5' }));
    expect(opened).toEqual([]);
  });

  it('marks the picked row as selected for a screen reader, and only that row', () => {
    show(
      <SimpleTable
        rows={[apple, ibm]}
        columns={columns}
        rowKey={(r) => r.cusip}
        rowTestId={(r) => `quote-${r.cusip}`}
        rowSelected={(r) => r.cusip === '459200JY8'}
      />,
    );
    expect(screen.getByTestId('quote-459200JY8').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('quote-037833DX5').getAttribute('aria-selected')).toBe('false');
  });

  it("a row scope's state is shared by the row's cells, and each row keeps its own", () => {
    show(
      <SimpleTable
        rows={[apple, ibm]}
        columns={scopedColumns}
        rowKey={(r) => r.cusip}
        rowTestId={(r) => `quote-${r.cusip}`}
        rowScope={PickScope}
      />,
    );
    const first = screen.getByTestId('quote-037833DX5');
    fireEvent.click(within(first).getByRole('button', { name: 'Pick' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Pick' }));
    expect(within(first).getByTestId('picks').textContent).toBe('2 picks');
    expect(within(screen.getByTestId('quote-459200JY8')).getByTestId('picks').textContent).toBe('0 picks');
  });

  it('puts a group header over its columns and names the table for a screen reader', () => {
    const grouped: TableColumn<Quote>[] = [
      { header: 'CUSIP', field: 'cusip' },
      {
        header: 'Evaluated',
        columns: [
          { header: 'Price', field: 'price', kind: 'price' },
          { header: 'Spread', field: 'spread', kind: 'spread' },
        ],
      },
    ];
    show(<SimpleTable rows={[apple]} columns={grouped} rowKey={(r) => r.cusip} ariaLabel="Quotes" />);
    const table = screen.getByRole('table', { name: 'Quotes' });
    const group = within(table).getByRole('columnheader', { name: 'Evaluated' });
    expect(group.getAttribute('colspan')).toBe('2');
  });
  it('puts a row being edited across every column, and what a row opens to under it', () => {
    show(
      <SimpleTable
        rows={[apple, ibm]}
        columns={columns}
        rowKey={(r) => r.cusip}
        rowTestId={(r) => `quote-${r.cusip}`}
        replaceRow={(r) => (r.cusip === '037833DX5' ? <span>Editing 037833DX5</span> : null)}
        expandedRow={(r) => (r.cusip === '459200JY8' ? <span>Trades of 459200JY8</span> : null)}
        testId="quotes"
      />,
    );
    const bodyRows = screen.getByTestId('quotes').querySelectorAll('tbody tr');
    expect(bodyRows).toHaveLength(3);
    expect(bodyRows[0]?.textContent).toBe('Editing 037833DX5');
    expect(bodyRows[1]).toBe(screen.getByTestId('quote-459200JY8'));
    expect(bodyRows[2]?.textContent).toBe('Trades of 459200JY8');
    expect(bodyRows[0]?.querySelector('td')?.getAttribute('colspan')).toBe('7');
    expect(bodyRows[2]?.querySelector('td')?.getAttribute('colspan')).toBe('7');
    expect(screen.queryByTestId('quote-037833DX5')).toBeNull();
  });
  it('shows a control in a header cell in place of its text, other headers keep theirs', () => {
    show(
      <SimpleTable
        rows={[apple]}
        columns={columns}
        rowKey={(r) => r.cusip}
        headerContent={(c) => (c.header === 'Price' ? <input type="radio" aria-label="Keep the price" /> : null)}
        testId="quotes"
      />,
    );
    const table = screen.getByTestId('quotes');
    const priceHeader = within(table).getByRole('radio', { name: 'Keep the price' }).closest('th');
    expect(priceHeader?.textContent).toBe('');
    expect(within(table).getByRole('columnheader', { name: 'CUSIP' })).toBeTruthy();
  });
});
