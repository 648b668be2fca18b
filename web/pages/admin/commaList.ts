/** A list typed as comma-separated text ("GS, MS") as its items: trimmed, empty ones dropped. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
