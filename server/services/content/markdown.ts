/**
 * The one Markdown pipeline of help articles, blog posts and platform commentary: CommonMark
 * through markdown-it with raw HTML switched off (so `<script>` is shown as text, never parsed),
 * then the rendered HTML through sanitize-html with an allow-list, so nothing the parser lets
 * through by mistake reaches a browser either. Links may only be http(s), mailto or relative;
 * app links written as `/bw/…` become the hash route `#/bw/…` the app routes by.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const parser = new MarkdownIt({ html: false, linkify: true, typographer: false });

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (href.startsWith('/bw/')) return { tagName, attribs: { ...attribs, href: `#${href}` } };
      if (/^https?:/i.test(href)) return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } };
      return { tagName, attribs };
    },
  },
};

/** Markdown → safe HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(parser.render(source), SANITIZE);
}

/** Safe HTML → plain text (search vectors, feed summaries). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `## ` headings of a Markdown text, in order: a workflow's steps. */
export function secondLevelHeadings(source: string): string[] {
  return parser
    .parse(source, {})
    .flatMap((token, i, tokens) => (token.type === 'heading_open' && token.tag === 'h2' ? [tokens[i + 1]?.content ?? ''] : []))
    .map((s) => s.trim())
    .filter(Boolean);
}
