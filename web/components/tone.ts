/**
 * THE good/bad colour rule of every screen: a change is green when it is good for a holder —
 * prices and index returns up, yields and spreads down — and for volume, more trading is green.
 * Text takes the `bw-tone-good` / `bw-tone-bad` classes (web/styles.css); bars and lines take
 * {@link TONE_COLOR}.
 */

export type Tone = 'good' | 'bad';
/** What changed: rates (yields, spreads) read the other way round from prices. */
export type ToneMetric = 'price' | 'yield' | 'spread' | 'volume' | 'index';

/** The tone of a change, undefined for zero or missing. */
export function changeTone(metric: ToneMetric, value: number | null | undefined): Tone | undefined {
  if (value === null || value === undefined || Number.isNaN(value) || Math.abs(value) < 1e-12) return undefined;
  const up = value > 0;
  return (metric === 'yield' || metric === 'spread' ? !up : up) ? 'good' : 'bad';
}

/** The class of a change's text ('' when neutral). */
export function toneClass(metric: ToneMetric, value: number | null | undefined): string {
  const tone = changeTone(metric, value);
  return tone ? `bw-tone-${tone}` : '';
}

/** Fill and stroke colours of the tones (Mantine palette variables). */
export const TONE_COLOR: Record<Tone, string> = {
  good: 'var(--mantine-color-teal-6)',
  bad: 'var(--mantine-color-red-6)',
};
