/**
 * /bw/bond/chart: bond market moves — the biggest movers by price, yield or spread change over
 * 1 day, 1 week or 1 month (GET /v2/market/moves), filtered like the bond table, as a diverging
 * bar chart and a table. Metric, period and filters live in the URL (shareable, back button).
 */
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import '../bond.css';
import { Refreshing } from '../../../components/Refreshing';
import { apiErrorText } from '../../../api/errorText';
import { BondMovesControls } from './BondMovesControls';
import { BondMovesResult } from './BondMovesResult';
import { useBondMoves } from './useBondMoves';

export default function BondMovesPage() {
  const state = useBondMoves();
  const { metric, unit, moves, list } = state;
  return (
    <Stack gap={6} data-testid="bond-moves-page">
      <PageTitle />
      <BondMovesControls state={state} />
      {moves.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {moves.isError && (
        <Alert color="red" data-testid="moves-error">
          Market moves could not be loaded: {apiErrorText(moves.error)}
        </Alert>
      )}
      {moves.data && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="moves-empty">
          No moves for these filters and period.
        </Text>
      )}
      {list.length > 0 && (
        <Refreshing active={moves.isPlaceholderData}>
          <BondMovesResult metric={metric} unit={unit} list={list} />
        </Refreshing>
      )}
    </Stack>
  );
}
