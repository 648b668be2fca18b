import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { DATA_DIR: '.tmp/config-test', JWT_SECRET: 'x'.repeat(40) };

describe('configuration from the environment', () => {
  it('defaults give the embedded database on port 8080 with demo seeding', () => {
    const config = loadConfig({ ...base });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env).toBe('development');
    expect(config.seedDemo).toBe(true);
    expect(config.liveMarket).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('a non-numeric PORT is refused with a message naming PORT and the value', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
  });

  it('the API-wide rate limit defaults to 1,200 a minute; zero or a word is refused by name', () => {
    expect(loadConfig({ ...base }).apiRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ ...base, API_RATE_LIMIT_PER_MINUTE: '5000' }).apiRateLimitPerMinute).toBe(5000);
    expect(() => loadConfig({ ...base, API_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/API_RATE_LIMIT_PER_MINUTE: .*\(got "0"\)/);
    expect(() => loadConfig({ ...base, API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/API_RATE_LIMIT_PER_MINUTE: .*\(got "lots"\)/);
  });

  it('the support widget is off without an app id; a bad region or a secret without an app id is refused by name', () => {
    expect(loadConfig({ ...base }).intercom).toBeUndefined();
    expect(loadConfig({ ...base, INTERCOM_APP_ID: 'abc123' }).intercom).toEqual({
      appId: 'abc123',
      region: 'us',
      identitySecret: undefined,
    });
    expect(loadConfig({ ...base, INTERCOM_APP_ID: 'abc123', INTERCOM_REGION: 'ap' }).intercom?.region).toBe('ap');
    expect(() => loadConfig({ ...base, INTERCOM_APP_ID: 'abc123', INTERCOM_REGION: 'asia' })).toThrow(/INTERCOM_REGION: .*\(got "asia"\)/);
    expect(() => loadConfig({ ...base, INTERCOM_APP_ID: '<script>' })).toThrow(/INTERCOM_APP_ID: must be the Intercom app id/);
    expect(() => loadConfig({ ...base, INTERCOM_IDENTITY_SECRET: 'x'.repeat(20) })).toThrow(
      /INTERCOM_IDENTITY_SECRET: needs INTERCOM_APP_ID/,
    );
  });

  it('media stay on disk without MEDIA_S3_BUCKET; with it the bucket settings are read, the prefix ending in a slash', () => {
    expect(loadConfig({ ...base }).mediaS3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        MEDIA_S3_BUCKET: 'bondwise-media',
        MEDIA_S3_REGION: 'eu-west-1',
        MEDIA_S3_ENDPOINT: 'https://s3.example.com/',
        MEDIA_S3_PREFIX: 'prod/media',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
      }).mediaS3,
    ).toEqual({
      bucket: 'bondwise-media',
      region: 'eu-west-1',
      endpoint: 'https://s3.example.com',
      prefix: 'prod/media/',
      forcePathStyle: true,
    });
    // AWS S3 itself: no endpoint, the region from the SDK's own variable, keys at the bucket's root.
    expect(loadConfig({ ...base, MEDIA_S3_BUCKET: 'bondwise-media', AWS_REGION: 'us-east-2' }).mediaS3).toEqual({
      bucket: 'bondwise-media',
      region: 'us-east-2',
      endpoint: undefined,
      prefix: '',
      forcePathStyle: false,
    });
  });

  it('S3 settings without a bucket, a bucket without a region, or bad values are refused by name', () => {
    expect(() => loadConfig({ ...base, MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      /MEDIA_S3_ENDPOINT: needs MEDIA_S3_BUCKET[\s\S]*MEDIA_S3_FORCE_PATH_STYLE: needs MEDIA_S3_BUCKET/,
    );
    expect(() => loadConfig({ ...base, MEDIA_S3_BUCKET: 'bondwise-media' })).toThrow(
      /MEDIA_S3_BUCKET: needs MEDIA_S3_REGION \(or AWS_REGION\)/,
    );
    const s3 = { ...base, MEDIA_S3_BUCKET: 'bondwise-media', MEDIA_S3_REGION: 'us-east-1' };
    expect(() => loadConfig({ ...s3, MEDIA_S3_BUCKET: 'Bondwise_Media' })).toThrow(
      /MEDIA_S3_BUCKET: must be a bucket name.*\(got "Bondwise_Media"\)/,
    );
    expect(() => loadConfig({ ...s3, MEDIA_S3_ENDPOINT: 'ftp://s3.example.com' })).toThrow(/MEDIA_S3_ENDPOINT: .*\(got "ftp:/);
    expect(() => loadConfig({ ...s3, MEDIA_S3_ENDPOINT: 'https://s3.example.com/bucket' })).toThrow(/MEDIA_S3_ENDPOINT: must be an http/);
    for (const prefix of ['/media', '../media', 'media/../../x', 'media//x', 'media ']) {
      expect(() => loadConfig({ ...s3, MEDIA_S3_PREFIX: prefix })).toThrow(/MEDIA_S3_PREFIX: must be a key prefix/);
    }
    expect(() => loadConfig({ ...s3, MEDIA_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/MEDIA_S3_FORCE_PATH_STYLE: .*\(got "maybe"\)/);
  });

  it('a DATABASE_URL that is not a postgres URL is refused by name', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('production refuses to start without its secrets instead of inventing them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '.tmp/config-test' })).toThrow(
      /JWT_SECRET: required in production[\s\S]*DATABASE_URL: required in production/,
    );
  });

  it('production never seeds demo accounts', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'y'.repeat(40),
      DATABASE_URL: 'postgres://db/bondwise',
      PUBLIC_URL: 'https://bondwise.example.com',
    });
    expect(config.seedDemo).toBe(false);
    // The API document is for signed-in callers in production, unless a setting opens it.
    expect(config.apiDocsPublic).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/config-test' }).apiDocsPublic).toBe(true);
  });

  it('the demo clock is on for a development start, off in tests and never on in production; a wrong value is refused by name', () => {
    expect(loadConfig({ ...base }).demoClock).toBe('always-open');
    expect(loadConfig({ ...base, DEMO_CLOCK: 'off' }).demoClock).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).demoClock).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'test', DEMO_CLOCK: 'always-open' }).demoClock).toBe('always-open');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'y'.repeat(40),
      DATABASE_URL: 'postgres://db/b',
      PUBLIC_URL: 'https://b.example.com',
    };
    expect(loadConfig({ ...production, DEMO_CLOCK: 'always-open' }).demoClock).toBe('off');
    expect(() => loadConfig({ ...base, DEMO_CLOCK: 'weekends' })).toThrow(/DEMO_CLOCK: .*\(got "weekends"\)/);
  });

  it('the market is the offline simulator by default; public sources are chosen by MARKET_SOURCE with FINRA at its real host', () => {
    const plain = loadConfig({ ...base });
    expect(plain.marketSource).toBe('simulator');
    expect(plain.finra).toEqual({
      baseUrl: 'https://api.finra.org',
      tokenUrl: 'https://ews.fip.finra.org/fip/rest/ews/oauth2/access_token',
      clientId: undefined,
      clientSecret: undefined,
      historyDays: 30,
    });
    const replay = loadConfig({ ...base, MARKET_SOURCE: 'public', FINRA_BASE_URL: 'http://127.0.0.1:8790/finra/' });
    expect(replay.marketSource).toBe('public');
    expect(replay.finra.baseUrl).toBe('http://127.0.0.1:8790/finra');
    expect(() => loadConfig({ ...base, MARKET_SOURCE: 'bloomberg' })).toThrow(/MARKET_SOURCE: .*\(got "bloomberg"\)/);
    expect(() => loadConfig({ ...base, FINRA_BASE_URL: 'ftp://finra.org' })).toThrow(/FINRA_BASE_URL: /);
    expect(() => loadConfig({ ...base, FINRA_CLIENT_ID: 'abc' })).toThrow(/FINRA_CLIENT_ID: needs FINRA_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, FINRA_CLIENT_SECRET: 'abc' })).toThrow(/FINRA_CLIENT_SECRET: needs FINRA_CLIENT_ID/);
    // How far the first load reaches back: a year for a desk that wants one, never nothing or centuries.
    expect(loadConfig({ ...base, FINRA_HISTORY_DAYS: '365' }).finra.historyDays).toBe(365);
    expect(() => loadConfig({ ...base, FINRA_HISTORY_DAYS: '0' })).toThrow(/FINRA_HISTORY_DAYS: /);
    expect(() => loadConfig({ ...base, FINRA_HISTORY_DAYS: '40000' })).toThrow(/FINRA_HISTORY_DAYS: /);
  });

  it('the Treasury and EDGAR feeds default to their real hosts; the SEC User-Agent must name a contact e-mail', () => {
    const plain = loadConfig({ ...base });
    expect(plain.treasury).toEqual({ baseUrl: 'https://home.treasury.gov', backfillYears: 2 });
    expect(plain.edgar).toEqual({ baseUrl: 'https://www.sec.gov', userAgent: undefined, startDate: undefined });
    const replay = loadConfig({
      ...base,
      TREASURY_BASE_URL: 'http://127.0.0.1:8790/treasury/',
      EDGAR_BASE_URL: 'http://127.0.0.1:8790/edgar/',
      SEC_USER_AGENT: 'Acme Capital ops@acme.com',
      EDGAR_START_DATE: '2026-11-23',
    });
    expect(replay.treasury.baseUrl).toBe('http://127.0.0.1:8790/treasury');
    expect(replay.edgar).toEqual({
      baseUrl: 'http://127.0.0.1:8790/edgar',
      userAgent: 'Acme Capital ops@acme.com',
      startDate: '2026-11-23',
    });
    expect(() => loadConfig({ ...base, SEC_USER_AGENT: 'curl/8.0' })).toThrow(
      /SEC_USER_AGENT: must name your organisation and a contact e-mail/,
    );
    expect(() => loadConfig({ ...base, EDGAR_START_DATE: 'yesterday' })).toThrow(/EDGAR_START_DATE: must be a date/);
  });

  it('the server start stops with exit code 1 and names the bad variable', () => {
    const result = spawnSync('npx', ['tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: '99999', DATA_DIR: '.tmp/config-test' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Bondwise cannot start.');
    expect(result.stderr).toMatch(/PORT: .*\(got "99999"\)/);
    // Starting tsx and loading the server takes ~12 s on an idle machine and passed 30 s at load
    // average 30: the limits guard against a start that never ends, not against a slow machine.
  }, 300_000);
});
