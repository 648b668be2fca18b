import { describe, expect, it } from 'vitest';
import { logDestination } from './logging';

describe('where the server logs', () => {
  it('JSON lines for pipes, files, production and LOG_FORMAT=json; readable lines only on a development terminal', () => {
    expect(logDestination({}, false)).toBeUndefined();
    expect(logDestination({ NODE_ENV: 'production' }, true)).toBeUndefined();
    expect(logDestination({ LOG_FORMAT: 'json' }, true)).toBeUndefined();
    expect(logDestination({ NODE_ENV: 'development' }, true)).toBeDefined();
  });
});
