import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { AdminBond, AdminBondTerms } from '@common/api/adminBonds';
import { BOND_DAY_COUNTS, BOND_SENIORITIES, COUPON_TYPES, MOODY_RATINGS, SP_RATINGS } from '@common/market';
import { DecimalInput } from '../../../components/DecimalInput';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { FREQUENCY_OPTIONS, options } from './bondTerms';
import type { BondTermsFormState } from './useBondTermsForm';

interface FieldProps<K> {
  state: BondTermsFormState;
  field: K;
  label: string;
}

function TermText({ state, field, label }: FieldProps<'cusip' | 'description'>) {
  return (
    <TextInput
      label={label}
      value={state.values[field]}
      onChange={(e) => state.set(field, e.currentTarget.value)}
      error={state.error(field)}
      data-testid={`bond-${field}`}
    />
  );
}

function TermDate({ state, field, label }: FieldProps<'issueDate' | 'maturityDate' | 'firstCouponDate'>) {
  return (
    <TextInput
      label={label}
      type="date"
      value={state.values[field] ?? ''}
      // Only the first coupon is optional: emptied, it is sent as null.
      onChange={(e) => state.set(field, (e.currentTarget.value || (field === 'firstCouponDate' ? null : '')) as string)}
      error={state.error(field)}
      data-testid={`bond-${field}`}
    />
  );
}

function TermNumber({ state, field, label }: FieldProps<'amountIssued' | 'amountOutstanding' | 'quotedMarginBp'>) {
  return (
    <DecimalInput
      label={label}
      value={state.values[field]}
      onChange={(v) => state.set(field, v as number)}
      error={state.error(field)}
      data-testid={`bond-${field}`}
    />
  );
}

/** Every term of the bond as a field, in the reference file's order. */
export function BondTermsFields({ state, bond }: { state: BondTermsFormState; bond: AdminBond }) {
  const { values: t, set, error } = state;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      <TermText state={state} field="cusip" label="CUSIP" />
      <IssuerPicker value={String(t.issuerId)} onChange={(v) => v && set('issuerId', Number(v))} known={bond.issuer} w={undefined} />
      <TermText state={state} field="description" label="Description" />
      <Select
        label="Seniority"
        data={options(BOND_SENIORITIES)}
        value={t.seniority}
        onChange={(v) => v && set('seniority', v as AdminBondTerms['seniority'])}
      />
      <Select
        label="Coupon type"
        data={options(COUPON_TYPES)}
        value={t.couponType}
        onChange={(v) => v && set('couponType', v as AdminBondTerms['couponType'])}
        data-testid="bond-couponType"
      />
      <DecimalInput
        label="Coupon (%)"
        percent
        value={t.coupon}
        onChange={(v) => set('coupon', v ?? 0)}
        error={error('coupon')}
        data-testid="bond-coupon"
      />
      <Select
        label="Frequency"
        data={FREQUENCY_OPTIONS}
        value={String(t.frequency)}
        onChange={(v) => v && set('frequency', Number(v) as AdminBondTerms['frequency'])}
      />
      <Select
        label="Day count"
        data={options(BOND_DAY_COUNTS)}
        value={t.dayCount}
        onChange={(v) => v && set('dayCount', v as AdminBondTerms['dayCount'])}
      />
      <TermDate state={state} field="issueDate" label="Issue date" />
      <TermDate state={state} field="firstCouponDate" label="First coupon (optional)" />
      <TermDate state={state} field="maturityDate" label="Maturity" />
      <TextInput
        label="Calls (DATE@PRICE; …)"
        value={t.calls}
        onChange={(e) => set('calls', e.currentTarget.value)}
        error={error('calls')}
        data-testid="bond-callSchedule"
      />
      <TermNumber state={state} field="amountIssued" label="Amount issued" />
      <TermNumber state={state} field="amountOutstanding" label="Amount outstanding" />
      <TextInput
        label="Floater index"
        value={t.floaterIndex ?? ''}
        onChange={(e) => set('floaterIndex', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
        error={error('floaterIndex')}
      />
      <TermNumber state={state} field="quotedMarginBp" label="Quoted margin (bp)" />
      <Select
        label="S&P rating"
        clearable
        data={options(SP_RATINGS)}
        value={t.ratingSp}
        onChange={(v) => set('ratingSp', v as AdminBondTerms['ratingSp'])}
      />
      <Select
        label="Moody's rating"
        clearable
        data={options(MOODY_RATINGS)}
        value={t.ratingMoody}
        onChange={(v) => set('ratingMoody', v as AdminBondTerms['ratingMoody'])}
      />
      <Checkbox mt="lg" label="End-of-month schedule" checked={t.endOfMonth} onChange={(e) => set('endOfMonth', e.currentTarget.checked)} />
      <Checkbox mt="lg" label="Benchmark" checked={t.isBenchmark} onChange={(e) => set('isBenchmark', e.currentTarget.checked)} />
    </SimpleGrid>
  );
}
