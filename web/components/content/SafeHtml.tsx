/**
 * The one place the app inserts HTML: content the server rendered from Markdown and sanitised
 * (server/services/content/markdown.ts), sanitised once more with DOMPurify on insert so a
 * compromised or buggy server still cannot run script here.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className="bw-content" data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** A search snippet: the server marks matches with « and » in plain text; shown as <mark>. */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(/[«»]/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <span key={i}>{part}</span>))}</>;
}
