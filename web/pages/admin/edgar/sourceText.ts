/**
 * A filed document as a person reads it beside the fields: HTML turned into text (paragraphs and
 * table rows on their own lines, cells apart) without running anything in it — DOMParser builds an
 * inert document; scripts and styles are dropped.
 */
export function readableSource(source: string, contentType: 'html' | 'text'): string {
  if (contentType === 'text') return source;
  const marked = source
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table)\s*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, (gap) => (gap.includes('\t') ? '  ' : ' ')).trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}
