/**
 * An ISO instant as a `datetime-local` input's value (in the browser's time zone), and back:
 * the one conversion the scheduling forms (maintenance window, commentary, blog posts) share.
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO instant (null when empty). */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
