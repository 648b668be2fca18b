import { describe, expect, it } from 'vitest';
import { readableSource } from './sourceText';

describe('a filed document beside its fields', () => {
  it('shows HTML as lines of text: rows on their own lines, cells apart, a blank line after a table, scripts gone, entities decoded', () => {
    const html =
      '<html><head><style>td{}</style><script>var x = "Issuer: decoy";</script></head><body>' +
      '<table><tr><td>Issuer:</td><td>Northwind&nbsp;Industries, Inc.</td></tr><tr><td>Coupon:</td><td>4.500%</td></tr></table>' +
      '<p>Moody&#8217;s / S&amp;P</p></body></html>';
    expect(readableSource(html, 'html')).toBe('Issuer:  Northwind Industries, Inc.\nCoupon:  4.500%\n\nMoody’s / S&P');
  });
  it('shows text as it is', () => {
    expect(readableSource('Issuer:   Contoso\n\n\nCoupon: 4%', 'text')).toBe('Issuer:   Contoso\n\n\nCoupon: 4%');
  });
});
