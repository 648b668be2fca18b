/**
 * /bw/admin/edgar/{edgarId}: one term sheet — the document as filed beside the fields read from
 * it, the problems left (each on its field), corrections saved and checked again by the server,
 * and the priced deal and bonds made from it, with the issuer matched by name, picked, or created.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EdgarDealRequest, Filing, TermSheetReading } from '@common/api/edgar';
import { MARKET_PATHS, type MarketSectorsResponse } from '@common/api/market';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { PageTitle } from '../../../components/PageTitle';
import { edgarApi, filingKey, STATUS_COLORS } from './edgarApi';
import { ReadingForm } from './ReadingForm';
import { readableSource } from './sourceText';

type IssuerMode = 'matched' | 'known' | 'new';

function IssuerChoice({ filing, onChoice }: { filing: Filing; onChoice: (choice: EdgarDealRequest | null) => void }) {
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

function FilingEditor({ filing }: { filing: Filing }) {
  const client = useQueryClient();
  const [reading, setReading] = useState<TermSheetReading | null>(filing.reading);
  const [choice, setChoice] = useState<EdgarDealRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = useMemo(() => new Map(filing.problemList.map((p) => [p.field, p.message])), [filing.problemList]);
  const run = async (work: () => Promise<Filing>) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(filingKey(filing.id), await work());
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  const edited = JSON.stringify(reading) !== JSON.stringify(filing.reading);
  return (
    <Stack gap="sm">
      {filing.problemList.length > 0 && (
        <Alert color={filing.status === 'rejected' ? 'red' : 'orange'} data-testid="filing-problems">
          {filing.problemList.map((p, i) => (
            <Text key={i} size="sm">
              {p.field}: {p.message}
            </Text>
          ))}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="filing-error">
          {error}
        </Alert>
      )}
      {reading ? (
        <>
          <ReadingForm reading={reading} problems={problems} onChange={setReading} />
          <Group>
            <Button
              size="xs"
              disabled={!edited}
              loading={busy}
              onClick={() => void run(() => edgarApi.correct(filing.id, reading))}
              data-testid="filing-save"
            >
              Save corrections
            </Button>
            {edited && (
              <Text size="xs" c="dimmed">
                Unsaved corrections: save them to have them checked.
              </Text>
            )}
          </Group>
          <Card withBorder padding="sm">
            <Text fw={700} size="sm" mb="xs">
              {filing.dealId === null ? 'Make the deal' : `Deal #${filing.dealId}: bring it up to date`}
            </Text>
            <IssuerChoice filing={filing} onChoice={setChoice} />
            <Button
              mt="xs"
              size="xs"
              disabled={choice === null || edited}
              loading={busy}
              onClick={() => choice && void run(() => edgarApi.makeDeal(filing.id, choice))}
              data-testid="filing-make-deal"
            >
              {filing.dealId === null ? 'Make the priced deal and its bonds' : 'Update the deal and its bonds'}
            </Button>
          </Card>
        </>
      ) : (
        <Text size="sm">Nothing in this document can be made into a deal.</Text>
      )}
    </Stack>
  );
}

export default function AdminFilingPage() {
  const id = Number(useParams().edgarId);
  const filing = useQuery({ queryKey: filingKey(id), queryFn: () => edgarApi.get(id) });
  const f = filing.data;
  const text = useMemo(() => (f ? readableSource(f.source, f.contentType) : ''), [f]);
  return (
    <Stack gap="sm" data-testid="admin-filing-page">
      <PageTitle />
      {filing.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {filing.isError && <Alert color="red">{apiErrorText(filing.error)}</Alert>}
      {f && (
        <>
          <Group>
            <Text fw={700}>
              #{f.id} {f.fileName}
            </Text>
            <Badge variant="light" color={STATUS_COLORS[f.status]} data-testid="filing-status">
              {f.status}
            </Badge>
            {f.layout && (
              <Text size="sm" c="dimmed">
                {f.layout} layout{f.corrected ? ' · corrected' : ''}
              </Text>
            )}
            {f.dealId !== null && (
              <Anchor component={Link} to={`/bw/admin/deal/${f.dealId}`} size="sm" data-testid="filing-deal">
                Deal #{f.dealId}
              </Anchor>
            )}
            <Anchor component={Link} to="/bw/admin/edgar" size="sm">
              All filings
            </Anchor>
          </Group>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card withBorder padding="sm">
                <Text fw={700} size="sm" mb="xs">
                  As filed
                </Text>
                <ScrollArea h="75vh">
                  <Text component="pre" size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="filing-source">
                    {text}
                  </Text>
                </ScrollArea>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <FilingEditor key={`${f.id}:${JSON.stringify(f.reading)}:${f.status}`} filing={f} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
