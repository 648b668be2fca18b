/**
 * /bw/term-structure-change: an issuer's or a sector's G-spread or yield curve by tenor bucket
 * on two dates and the change per tenor (GET /v2/market/term-structure-change). Flags:
 * `term_structure_change_non_delta_metrics` shows the two curves' levels (otherwise only the
 * changes), `term_structure_change_visual_bond` plots each bond as a point. The unit line names
 * the weighting the server used (equal where amount outstanding is unknown). Choices live in the
 * URL: ?sector=FINL (or ?issuer=12)&metric=yield&from=2026-10-01&to=2026-11-20.
 */
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { Refreshing } from '../../components/Refreshing';
import '../../components/market/market.css';
import { useFeature } from '../../features/useFeature';
import { TermStructureControls } from './TermStructureControls';
import { TermStructureResult } from './TermStructureResult';
import { useTermStructureChange } from './useTermStructureChange';

export default function TermStructureChangePage() {
  const state = useTermStructureChange();
  const { metric, issuerId, issuerScope, sector, sectors, tsc, data, hasData } = state;
  const showLevels = useFeature('term_structure_change_non_delta_metrics');
  const showBonds = useFeature('term_structure_change_visual_bond');
  return (
    <Stack gap={6} data-testid="tsc-page">
      <PageTitle />
      <TermStructureControls state={state} />
      {tsc.isPending && tsc.fetchStatus !== 'idle' && (
        <Center h={300}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {tsc.isError && !data && (
        <Alert color="red" data-testid="tsc-error">
          The term structure could not be loaded: {apiErrorText(tsc.error)}
        </Alert>
      )}
      {!issuerId && !sector && !sectors.isPending && (
        <Text size="sm" c="dimmed">
          Choose a sector or an issuer.
        </Text>
      )}
      {issuerId === null && issuerScope && (
        <Text size="sm" c="dimmed">
          Search and pick an issuer.
        </Text>
      )}
      {data && !hasData && (
        <Text size="sm" c="dimmed" data-testid="tsc-empty">
          No priced bonds on these dates.
        </Text>
      )}
      {hasData && data && (
        <Refreshing active={tsc.isPlaceholderData}>
          <TermStructureResult
            data={data}
            metric={metric}
            showLevels={showLevels}
            showBonds={showBonds}
            fromLabel={state.fromLabel}
            toLabel={state.toLabel}
            // A new chart per scope and metric: switching sector ↔ issuer starts from a chart fitted to the
            // new curve's tenors and levels, never one zoomed or scaled for the previous curve.
            chartKey={`${issuerId ?? sector}|${metric}`}
          />
        </Refreshing>
      )}
    </Stack>
  );
}
