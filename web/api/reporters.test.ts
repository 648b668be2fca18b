import { describe, expect, it } from 'vitest';
import { sentryEnvelope, sentryEnvelopeUrl } from './reporters';

describe('Sentry reporter (minimal envelope)', () => {
  it('derives the envelope URL from the DSN', () => {
    expect(sentryEnvelopeUrl('https://abc123@o1.ingest.sentry.io/42')).toBe(
      'https://o1.ingest.sentry.io/api/42/envelope/?sentry_key=abc123&sentry_version=7',
    );
    expect(sentryEnvelopeUrl('not a dsn')).toBeNull();
  });

  it('builds a three-line envelope with the event', () => {
    const lines = sentryEnvelope('https://k@h/1', new Error('boom'), new Date(0)).split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toEqual({ type: 'event' });
    const event = JSON.parse(lines[2]!);
    expect(event.exception.values[0]).toEqual({ type: 'Error', value: 'boom' });
    expect(event.timestamp).toBe(0);
  });
});
