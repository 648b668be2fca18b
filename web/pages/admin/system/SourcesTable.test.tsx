import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SourceStateView } from '@common/api/system';
import { SourcesTable } from './SourcesTable';

const finra: SourceStateView = {
  source: 'finra-public',
  dataset: 'corporateAndAgencySecurities',
  lastStartedAt: '2026-11-27T14:00:00.000Z',
  lastFinishedAt: '2026-11-27T14:03:00.000Z',
  lastRows: 1250,
  totalRows: 48_310,
  lastError: 'FINRA answered corporateAndAgencySecurities at offset 5000 with HTTP 503 5 times; giving up for now',
  dataThrough: '2026-11-26',
  lagDays: 2,
  runs: 9,
  failures: 1,
};

describe('the public sources on the admin system page', () => {
  it("names the market source and shows each dataset's rows, error and lag", () => {
    render(
      <MantineProvider>
        <SourcesTable sources={[finra]} marketSource="public" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('market-source').textContent).toMatch(/public US sources/);
    expect(screen.getByTestId('source-rows').textContent).toBe('1,250 / 48,310');
    expect(screen.getByTestId('source-lag').textContent).toBe('2 d');
    expect(screen.getByTestId('source-error').textContent).toMatch(/HTTP 503 5 times/);
    expect(screen.getByText('failed')).toBeTruthy();
  });

  it('says so when no source has run (the simulator)', () => {
    render(
      <MantineProvider>
        <SourcesTable sources={[]} marketSource="simulator" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('market-source').textContent).toMatch(/simulator/);
    expect(screen.getByTestId('sources-none')).toBeTruthy();
  });
});
