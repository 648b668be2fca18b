import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trade } from './tradeFixture';
import { DataTable } from '../../components/DataTable';
import { TRADE_COLUMNS } from './tradeColumns';

function rowTexts(table: HTMLElement, id: string): string[] {
  const cells = [...table.querySelectorAll(`.ag-row[row-id="${id}"] .ag-cell`)];
  // In column order, whatever order the grid put them in the DOM.
  cells.sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')));
  return cells.map((c) => c.textContent ?? '');
}

describe("a bond's trade list", () => {
  it('shows each trade in New York time, its par as disseminated, and a flagged print struck through', async () => {
    const capped = trade({ id: 't2', quantity: '5MM+', reportedQuantity: 5_000_000, price: 97.25, ats: true, flag: 'bad print' });
    render(
      <MantineProvider env="test">
        <DataTable rows={[trade({ id: 't1' }), capped]} columns={TRADE_COLUMNS} rowId={(t) => t.id} testId="trades" />
      </MantineProvider>,
    );
    const table = screen.getByTestId('trades');
    await within(table).findByText('97.250');
    expect(rowTexts(table, 't1')).toEqual(['Nov 20, 2026, 10:04 AM ET', 'Customer buy', '0.250MM', '99.500', '5.100%', '', 'active']);
    expect(rowTexts(table, 't2')).toEqual([
      'Nov 20, 2026, 10:04 AM ET',
      'Customer buy',
      '5MM+',
      '97.250',
      '5.100%',
      'Yes',
      'Bad print: not priced from',
    ]);
    expect((within(table).getByText('97.250') as HTMLElement).style.textDecoration).toBe('line-through');
    expect((within(table).getByText('99.500') as HTMLElement).style.textDecoration).toBe('');
  });
});
