import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/renderPage';
import { IndexWeighting } from './MarketPanels';

// The panel's chart needs a real canvas (e2e); its unit line is checked here.
describe("the bond market index's unit line", () => {
  it('names the weighting the server used: by price alone where amount outstanding is unknown', () => {
    renderPage(<IndexWeighting weighting="equal" />);
    const line = screen.getByTestId('index-weighting');
    expect(line.getAttribute('data-weighting')).toBe('equal');
    expect(line.textContent).toBe('Total return, each bond weighted by price alone (amount outstanding not known for every bond)');
  });

  it('by market value when every basket bond has an amount outstanding', () => {
    renderPage(<IndexWeighting weighting="amountOutstanding" />);
    expect(screen.getByTestId('index-weighting').textContent).toBe('Total return, weighted by market value (amount outstanding × price)');
  });
});
