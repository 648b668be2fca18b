import { type CurveCompare } from '@common/api/adminCurve';
import { formatDay } from '@common/format';
import { SimpleTable, type Column } from '../../../components/SimpleTable';

type ComparedPoint = CurveCompare['points'][number];

/** Two dates' curves tenor by tenor, with the change between them. */
export function CurveCompareTable({ data }: { data: CurveCompare }) {
  const columns: Column<ComparedPoint>[] = [
    { header: 'Tenor', field: 'tenor' },
    { header: formatDay(data.a), id: 'yieldA', field: 'yieldA', kind: 'yield' },
    { header: formatDay(data.b), id: 'yieldB', field: 'yieldB', kind: 'yield' },
    { header: 'Change', field: 'changeBp', kind: 'spread' },
  ];
  return <SimpleTable rows={data.points} columns={columns} rowKey={(p) => p.tenor} fz="sm" testId="curve-compare" />;
}
