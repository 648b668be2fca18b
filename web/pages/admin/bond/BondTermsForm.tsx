/**
 * Every term of a bond as a form, checked against the contract (adminBondTermsSchema: formats,
 * ranges, call prices) before it is sent. The server checks the rest (CUSIP check digit, dates in
 * order, coupon against its type) and names the field it refuses, which then shows on that field;
 * the enumerations keep to their vocabulary (common/market.ts). The call schedule is typed as the
 * reference file writes it: `2030-11-23@100; 2031-05-23@100`.
 */
import { Button, Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { adminBondTermsSchema, type AdminBond, type AdminBondTerms } from '@common/api/adminBonds';
import { BOND_DAY_COUNTS, BOND_SENIORITIES, COUPON_TYPES, MOODY_RATINGS, SP_RATINGS } from '@common/market';
import { DecimalInput } from '../../../components/DecimalInput';
import { useContractForm } from '../../../components/forms/useContractForm';
import { IssuerPicker } from '../../../components/IssuerPicker';

export function termsOf(bond: AdminBond): AdminBondTerms {
  const { cusip, issuerId, description, couponType, coupon, frequency, dayCount, endOfMonth, issueDate, firstCouponDate } = bond;
  const { maturityDate, amountIssued, amountOutstanding, seniority, callSchedule, floaterIndex, quotedMarginBp } = bond;
  const { ratingSp, ratingMoody, isBenchmark } = bond;
  return {
    cusip,
    issuerId,
    description,
    couponType,
    coupon,
    frequency,
    dayCount,
    endOfMonth,
    issueDate,
    firstCouponDate,
    maturityDate,
    amountIssued,
    amountOutstanding,
    seniority,
    callSchedule,
    floaterIndex,
    quotedMarginBp,
    ratingSp,
    ratingMoody,
    isBenchmark,
  };
}

export const callText = (calls: AdminBondTerms['callSchedule']) => calls.map((c) => `${c.date}@${c.price}`).join('; ');

/** `DATE@PRICE; …` into entries; what does not read as a number is sent as null for the server to name. */
export function parseCalls(text: string): AdminBondTerms['callSchedule'] {
  return text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [date = '', price = ''] = part.split('@').map((s) => s.trim());
      const n = Number(price);
      return { date, price: price === '' || !Number.isFinite(n) ? (null as unknown as number) : n };
    });
}

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

interface Props {
  bond: AdminBond;
  /** Sends the terms; a refusal naming a term shows on its field, any other goes to `refused`. */
  onSave: (terms: AdminBondTerms) => Promise<unknown>;
  refused: (failure: unknown) => void;
}

/** The terms as typed: the call schedule as its text. */
type Draft = AdminBondTerms & { calls: string };

const draftOf = (bond: AdminBond): Draft => ({ ...termsOf(bond), calls: callText(bond.callSchedule) });

export function BondTermsForm({ bond, onSave, refused }: Props) {
  const { form, onSubmit } = useContractForm({
    schema: adminBondTermsSchema,
    initialValues: draftOf(bond),
    toBody: ({ calls, ...terms }: Draft) => ({ ...terms, callSchedule: parseCalls(calls) }),
    // "callSchedule.2.price" is a part of the calls typed as text.
    fieldOf: (path) => (path.startsWith('callSchedule') ? 'calls' : path.split('.')[0]!),
    refused,
  });
  const t = form.values;
  // Typed by the draft's own keys: @mantine/form's path types cannot follow a generic key.
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => form.setFieldValue(key, value as never);
  const error = (key: keyof Draft) => form.errors[key];
  const text = (key: 'cusip' | 'description', label: string, w?: number) => (
    <TextInput
      label={label}
      value={t[key]}
      w={w}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={error(key)}
      data-testid={`bond-${key}`}
    />
  );
  const date = (key: 'issueDate' | 'maturityDate' | 'firstCouponDate', label: string) => (
    <TextInput
      label={label}
      type="date"
      value={t[key] ?? ''}
      onChange={(e) => set(key, (e.currentTarget.value || (key === 'firstCouponDate' ? null : '')) as string)}
      error={error(key)}
      data-testid={`bond-${key}`}
    />
  );
  const number = (key: 'amountIssued' | 'amountOutstanding' | 'quotedMarginBp', label: string) => (
    <DecimalInput label={label} value={t[key]} onChange={(v) => set(key, v as number)} error={error(key)} data-testid={`bond-${key}`} />
  );
  return (
    <form onSubmit={onSubmit(onSave)} noValidate data-testid="bond-terms-form">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        {text('cusip', 'CUSIP')}
        <IssuerPicker value={String(t.issuerId)} onChange={(v) => v && set('issuerId', Number(v))} known={bond.issuer} w={undefined} />
        {text('description', 'Description')}
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
          data={[
            { value: '1', label: 'Annual' },
            { value: '2', label: 'Semiannual' },
            { value: '4', label: 'Quarterly' },
          ]}
          value={String(t.frequency)}
          onChange={(v) => v && set('frequency', Number(v) as AdminBondTerms['frequency'])}
        />
        <Select
          label="Day count"
          data={options(BOND_DAY_COUNTS)}
          value={t.dayCount}
          onChange={(v) => v && set('dayCount', v as AdminBondTerms['dayCount'])}
        />
        {date('issueDate', 'Issue date')}
        {date('firstCouponDate', 'First coupon (optional)')}
        {date('maturityDate', 'Maturity')}
        <TextInput
          label="Calls (DATE@PRICE; …)"
          value={t.calls}
          onChange={(e) => set('calls', e.currentTarget.value)}
          error={error('calls')}
          data-testid="bond-callSchedule"
        />
        {number('amountIssued', 'Amount issued')}
        {number('amountOutstanding', 'Amount outstanding')}
        <TextInput
          label="Floater index"
          value={t.floaterIndex ?? ''}
          onChange={(e) => set('floaterIndex', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          error={error('floaterIndex')}
        />
        {number('quotedMarginBp', 'Quoted margin (bp)')}
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
        <Checkbox
          mt="lg"
          label="End-of-month schedule"
          checked={t.endOfMonth}
          onChange={(e) => set('endOfMonth', e.currentTarget.checked)}
        />
        <Checkbox mt="lg" label="Benchmark" checked={t.isBenchmark} onChange={(e) => set('isBenchmark', e.currentTarget.checked)} />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" size="xs" loading={form.submitting} data-testid="bond-save">
          Save and reprice
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            form.setValues(draftOf(bond));
            form.clearErrors();
          }}
        >
          Undo changes
        </Button>
      </Group>
    </form>
  );
}
