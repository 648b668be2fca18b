import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Value } from './Value';

describe('<Value>', () => {
  it('renders a price with 3 decimals', () => {
    const { container } = render(<Value kind="price" value={99.5} />);
    expect(container.textContent).toBe('99.500');
  });

  it('marks a spread by sign for colouring', () => {
    const { container } = render(<Value kind="spread" value={-4.25} />);
    const span = container.querySelector('span')!;
    expect(span.textContent).toBe('-4.3 bp');
    expect(span.dataset.sign).toBe('negative');
  });

  it('shows a dash for missing values', () => {
    const { container } = render(<Value kind="yield" value={null} />);
    expect(container.textContent).toBe('—');
  });
});
