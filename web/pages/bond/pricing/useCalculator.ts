/**
 * State of the bond page's calculator: the settlement date, which input drives, what was typed,
 * and the result priced from them on the analytics' Treasury curve.
 */
import { useMemo, useState } from 'react';
import { type BondDetailResponse } from '@common/api/bond';
import { curveOf, prepareBond, type Driver } from './calculator';
import { priceFromEntry, redemptionRows, shownInput, type CalcEntry } from './calculatorView';

export function useCalculator(detail: BondDetailResponse) {
  const prepared = useMemo(() => prepareBond(detail), [detail]);
  const curve = useMemo(() => curveOf(detail.analyticsCurve?.points), [detail.analyticsCurve]);
  const curveDate = detail.analyticsCurve?.date ?? null;
  // The analytics' own settlement (T+1 after their pricing day), so the default inputs reproduce them.
  const defaultSettlement = detail.settlementDate;
  const serverPrice = detail.analytics?.price ?? 100;
  const [settlement, setSettlement] = useState(defaultSettlement);
  const [driver, setDriver] = useState<Driver>('price');
  const [entry, setEntry] = useState<CalcEntry>({ price: String(serverPrice), yield: '', spread: '' });

  const { result, error } = useMemo(
    () => priceFromEntry(prepared, curve, settlement, driver, entry),
    [prepared, curve, settlement, driver, entry],
  );

  return {
    floating: prepared.kind === 'floating',
    hasCurve: curve !== null,
    curveDate,
    settlement,
    setSettlement,
    isDefaultSettlement: settlement === defaultSettlement,
    shown: (d: Driver) => shownInput(d, driver, entry, result),
    edit: (d: Driver, v: unknown) => {
      setDriver(d);
      setEntry((e) => ({ ...e, [d]: String(v) }));
    },
    reset: () => {
      setSettlement(defaultSettlement);
      setDriver('price');
      setEntry({ price: String(serverPrice), yield: '', spread: '' });
    },
    result,
    error,
    redemptions: result && result.calls.length > 0 ? redemptionRows(result, prepared.maturityDate) : null,
  };
}

export type CalculatorState = ReturnType<typeof useCalculator>;
