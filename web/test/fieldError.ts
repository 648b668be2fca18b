/**
 * The error shown with an input, as a screen reader finds it: the text the input is described by
 * (Mantine links its error line through aria-describedby); null when the input has none.
 */
export function fieldError(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => input.ownerDocument.getElementById(id)?.textContent ?? '').filter(Boolean);
  return texts.length ? texts.join(' ') : null;
}
