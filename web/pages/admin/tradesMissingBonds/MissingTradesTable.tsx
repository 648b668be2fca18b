/** The trades waiting on one identifier. */
import { SimpleTable, type Column } from '../../../components/SimpleTable';
import { sideText } from './identifierFields';
import type { IdentifierPanelState } from './useIdentifierPanel';

type MissingTrade = NonNullable<IdentifierPanelState['trades']>[number];

const COLUMNS: Column<MissingTrade>[] = [
  { header: 'Executed', field: 'executionTime', kind: 'instant' },
  { header: 'Par', field: 'quantity', kind: 'size' },
  { header: 'Price', field: 'price', kind: 'price' },
  { header: 'Side', id: 'side', value: (t) => sideText(t.side) },
  { header: 'Source', field: 'source' },
];

export function MissingTradesTable({ trades }: { trades: IdentifierPanelState['trades'] }) {
  return <SimpleTable rows={trades ?? []} columns={COLUMNS} rowKey={(_, i) => String(i)} fz="xs" striped testId="missing-trades" />;
}
