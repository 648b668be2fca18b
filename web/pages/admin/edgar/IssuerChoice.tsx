import { Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EdgarDealRequest, Filing } from '@common/api/edgar';
import { MARKET_PATHS, type MarketSectorsResponse } from '@common/api/market';
import { useApiQuery } from '../../../api/queries';
import { IssuerPicker } from '../../../components/IssuerPicker';

type IssuerMode = 'matched' | 'known' | 'new';

/** How the deal gets its issuer: the one matched by name, one picked, or a new one; the parent hears the choice, or null while incomplete. */
export function IssuerChoice({ filing, onChoice }: { filing: Filing; onChoice: (choice: EdgarDealRequest | null) => void }) {
  const [mode, setMode] = useState<IssuerMode>(filing.matchedIssuer ? 'matched' : 'known');
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [ticker, setTicker] = useState('');
  const [industry, setIndustry] = useState<string | null>(null);
  const sectors = useApiQuery<MarketSectorsResponse>(mode === 'new' ? MARKET_PATHS.marketSectors : null);
  const industries = (sectors.data?.sectors ?? []).flatMap((s) =>
    s.industries.map((i) => ({ value: i.code, label: `${s.name} — ${i.name}` })),
  );
  const choice: EdgarDealRequest | null =
    mode === 'matched'
      ? {}
      : mode === 'known'
        ? issuerId
          ? { issuerId: Number(issuerId) }
          : null
        : ticker && industry
          ? { newIssuer: { ticker: ticker.trim().toUpperCase(), industryCode: industry } }
          : null;
  const key = JSON.stringify(choice);
  // The parent learns the choice after render (a state update during render would be React's warning).
  useEffect(() => onChoice(key === 'null' ? null : (JSON.parse(key) as EdgarDealRequest)), [key, onChoice]);
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as IssuerMode)}
        data={[
          {
            value: 'matched',
            label: filing.matchedIssuer ? `Matched: ${filing.matchedIssuer.ticker}` : 'No match',
            disabled: !filing.matchedIssuer,
          },
          { value: 'known', label: 'Pick an issuer' },
          { value: 'new', label: 'New issuer' },
        ]}
      />
      {mode === 'known' && <IssuerPicker value={issuerId} onChange={setIssuerId} />}
      {mode === 'new' && (
        <Group align="end">
          <TextInput
            label={`Ticker for ${filing.reading?.issuer ?? 'the issuer'}`}
            value={ticker}
            onChange={(e) => setTicker(e.currentTarget.value)}
            w={160}
          />
          <Select
            label="Industry"
            searchable
            value={industry}
            onChange={setIndustry}
            data={industries}
            w={320}
            data-testid="filing-industry"
          />
        </Group>
      )}
    </Stack>
  );
}
