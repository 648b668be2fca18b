import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tranche } from '@common/api/primary';
import { DataTable } from '../../components/DataTable';
import { trancheColumns } from './trancheColumns';

const priced: Tranche = {
  id: 1,
  tenorYears: 10,
  size: 1_250_000_000,
  coupon: 0.0515,
  iptSpreadBp: 135,
  guidanceSpreadBp: 115,
  launchSpreadBp: 110,
  pricedSpreadBp: 108,
  tighteningBp: 27,
  orderBook: 4_050_000_000,
  cover: 3.24,
  reofferYield: 0.05187,
  reofferPrice: 99.712,
  fairValueBp: 101.25,
  fairValueMethod: 'issuer curve',
  concessionBp: 6.75,
  bondId: null,
  cusip: null,
};

const T = trancheColumns<Tranche>();
const columns = [
  T.tenor,
  T.size,
  T.ipt,
  T.tightening,
  T.book,
  T.cover,
  T.coupon,
  T.reofferYield,
  T.reofferPrice,
  T.fairValue,
  T.concession,
];

function cellUnder(table: HTMLElement, header: string): HTMLElement {
  const colId = within(table).getByText(header).closest('[col-id]')?.getAttribute('col-id');
  const cell = table.querySelector<HTMLElement>(`.ag-cell[col-id="${colId}"]`);
  if (!cell) throw new Error(`no cell under ${header}`);
  return cell;
}

describe('the tranche columns of the new-issue calendar and the deal page', () => {
  it('show each figure as a desk reads it, right-aligned in the market font', async () => {
    render(
      <MantineProvider env="test">
        <DataTable rows={[priced]} columns={columns} testId="tranches" />
      </MantineProvider>,
    );
    const table = screen.getByTestId('tranches');
    await within(table).findByText('10Y');
    const shown = Object.fromEntries(
      ['Tenor', 'Size', 'IPT', 'Tightening', 'Book', 'Cover', 'Coupon', 'Re-offer yld', 'Re-offer px', 'Fair value', 'NIC'].map((h) => [
        h,
        cellUnder(table, h).textContent,
      ]),
    );
    expect(shown).toEqual({
      Tenor: '10Y',
      Size: '1,250MM',
      IPT: '135.0 bp',
      Tightening: '27.0 bp',
      Book: '4,050MM',
      Cover: '3.2x',
      Coupon: '5.150%',
      'Re-offer yld': '5.187%',
      'Re-offer px': '99.712',
      'Fair value': '101.3 bp',
      NIC: '6.8 bp',
    });
    expect(cellUnder(table, 'IPT').className).toContain('bw-stat');
    expect(cellUnder(table, 'IPT').className).toContain('ag-right-aligned-cell');
  });
});
