import { Table } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { LinkRow } from './LinkRow';

function Rows() {
  return (
    <Table>
      <Table.Tbody>
        <LinkRow to="/bw/bond/1/pricing" label="Open A" testId="row-a">
          <Table.Td>A</Table.Td>
          <Table.Td>
            <a href="#/elsewhere">own link</a>
          </Table.Td>
        </LinkRow>
        <LinkRow to="/bw/bond/2/pricing" label="Open B" testId="row-b">
          <Table.Td>B</Table.Td>
        </LinkRow>
      </Table.Tbody>
    </Table>
  );
}

describe('a table row that opens a bond', () => {
  it('a click anywhere on the row opens the bond', async () => {
    const { router } = renderPage(<Rows />, { path: '/bw/bond/chart', at: '/bw/bond/chart' });
    fireEvent.click(screen.getByText('A'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/bond/1/pricing'));
  });

  it('a link inside the row keeps its own target', () => {
    const { router } = renderPage(<Rows />, { path: '/bw/bond/chart', at: '/bw/bond/chart' });
    fireEvent.click(screen.getByText('own link'));
    expect(router.state.location.pathname).toBe('/bw/bond/chart');
  });

  it('the keyboard moves between rows with the arrows and opens one with Enter', async () => {
    const { router } = renderPage(<Rows />, { path: '/bw/bond/chart', at: '/bw/bond/chart' });
    const a = screen.getByTestId('row-a');
    a.focus();
    fireEvent.keyDown(a, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('row-b'));
    fireEvent.keyDown(screen.getByTestId('row-b'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(a);
    fireEvent.keyDown(a, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/bond/1/pricing'));
  });
});
