import { describe, expect, it } from 'vitest';
import { htmlToText, renderMarkdown, secondLevelHeadings } from './markdown';

/** Payloads from the usual XSS cheat sheets, written as a blog author or admin could type them. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a></form>',
];

describe('the Markdown pipeline', () => {
  it.each(PAYLOADS)('lets nothing executable through: %s', (payload) => {
    const html = renderMarkdown(`Intro\n\n${payload}\n\nOutro`);
    // Only real tags matter: escaped text (&lt;script&gt;) is shown, never run.
    for (const tag of html.match(/<[^>]*>/g) ?? []) {
      expect(tag).not.toMatch(/^<\/?(script|svg|iframe|object|embed|form|input|style|div|math)\b/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
    }
    expect(html).toContain('Outro');
  });

  it('shows raw HTML as text instead of dropping what the author wrote', () => {
    expect(renderMarkdown('<b>bold</b>')).toBe('<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
  });

  it('renders CommonMark: headings, emphasis, lists, code, tables, images and links', () => {
    const html = renderMarkdown(
      '## Title\n\n*a* **b** `c`\n\n- one\n- two\n\n| h |\n|---|\n| v |\n\n![alt](https://media.example/x.png)\n\n[site](https://example.com)',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<em>a</em> <strong>b</strong> <code>c</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>v</td>');
    expect(html).toContain('<img src="https://media.example/x.png" alt="alt" />');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>');
  });

  it('turns app links into the hash routes the app routes by', () => {
    expect(renderMarkdown('[table](/bw/bond)')).toBe('<p><a href="#/bw/bond">table</a></p>\n');
  });

  it('gives plain text for search and the second-level headings for workflow steps', () => {
    expect(htmlToText(renderMarkdown('# A & B\n\nSome *text*'))).toBe('A & B Some text');
    expect(secondLevelHeadings('# T\n\n## One\n\ntext\n\n### sub\n\n## Two')).toEqual(['One', 'Two']);
  });
});
