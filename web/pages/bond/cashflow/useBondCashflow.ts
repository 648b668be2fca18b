import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BOND_PATHS, type CashflowsResponse } from '@common/api/bond';
import { useApiQuery } from '../../../api/queries';
import { useBondDetail } from '../../../components/bond/bondPageFrame';
import { cashflowSeries, cashflowTotals } from './cashflowView';

/** The bond from the route, its detail and its cash-flow schedule, with the schedule's totals and chart series. */
export function useBondCashflow() {
  const { bondId } = useParams();
  const detail = useBondDetail(bondId);
  const valid = bondId && /^\d+$/.test(bondId);
  const flows = useApiQuery<CashflowsResponse>(valid ? BOND_PATHS.bondCashflows({ id: bondId }) : null, {
    meta: { errorToast: 'Loading cash flows failed:' },
  });
  const totals = useMemo(() => cashflowTotals(flows.data?.cashflows ?? []), [flows.data]);
  const series = useMemo(() => cashflowSeries(flows.data?.cashflows ?? []), [flows.data]);
  return { bondId, detail, flows, totals, series };
}

export type BondCashflowState = ReturnType<typeof useBondCashflow>;
