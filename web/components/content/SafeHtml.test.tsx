import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, Snippet } from './SafeHtml';

describe('SafeHtml, the one place server HTML is inserted', () => {
  it('keeps the formatting the server rendered', () => {
    const { container } = render(
      <SafeHtml html={'<h2>Banks</h2><p>Spreads <strong>tightened</strong> <a href="#/bw/bond">table</a></p>'} />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Banks');
    expect(container.querySelector('strong')?.textContent).toBe('tightened');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('#/bw/bond');
  });

  it('drops script, event handlers and javascript: links even if the server let them through', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p>ok</p><script>window.x=1</script><img src="x" onerror="window.x=2"><a href="javascript:alert(1)">x</a><svg onload="alert(1)"></svg>'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(container.textContent).toContain('ok');
  });

  it('marks the matches of a search snippet without interpreting it as HTML', () => {
    const { container } = render(<Snippet text={'the «yield» to <b>worst</b> and «spread»'} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['yield', 'spread']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>worst</b>');
  });
});
