/**
 * The data of one waiting identifier's panel: its trades, the bond search and the bond chosen,
 * the new bond's form (checked against the route's contract, createBondBodySchema), and the
 * map/create actions, shown to the panel as one busy key and one refusal.
 */
import { useState } from 'react';
import { BOND_PATHS, type BondListResponse } from '@common/api/bond';
import {
  BOND_REFERENCE_FIELDS,
  MISSING_BONDS_PATHS,
  createBondBodySchema,
  type BondReferenceField,
  type CreateBondBody,
  type MissingGroup,
  type MissingTradesResponse,
} from '@common/api/tradesMissingBonds';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { editsShown } from '../adminEdits';
import { bondOptions, canSearch } from './identifierFields';

export type IdentifierActions = {
  onMap: (bondId: number) => Promise<void>;
  onCreate: (fields: CreateBondBody) => Promise<void>;
};

type BondFields = Record<BondReferenceField, string>;

/** Every template column as a text field, the identifier already in the CUSIP's. */
const blankFields = (identifier: string): BondFields => ({
  ...(Object.fromEntries(BOND_REFERENCE_FIELDS.map((f) => [f, ''])) as BondFields),
  cusip: identifier,
});

/** The fields filled in: a column left empty is not sent (the template reads it as empty all the same). */
export const bondBody = (fields: BondFields): CreateBondBody =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));

export function useIdentifierPanel(group: MissingGroup, { onMap, onCreate }: IdentifierActions) {
  const trades = useApiQuery<MissingTradesResponse>(MISSING_BONDS_PATHS.trades({ identifier: group.identifier }));
  const [search, setSearch] = useState('');
  const found = useApiQuery<BondListResponse>(canSearch(search) ? BOND_PATHS.bonds : null, {
    query: { q: search.trim(), limit: 20, columns: ['bondIdentifier', 'description'] },
  });
  const options = bondOptions(group, found.data?.rows ?? []);
  const [bondId, setBondId] = useState<string | null>(null);
  const { form, formError, setFormError, onSubmit } = useContractForm({
    schema: createBondBodySchema,
    initialValues: blankFields(group.identifier),
    toBody: bondBody,
  });
  // The page's own calls attach the trades and read its lists again; here they get a spinner and a refusal.
  const mapping = useApiMutation(onMap);
  const { busy, error, start } = editsShown({ map: mapping });
  return {
    trades: trades.data?.trades,
    search,
    setSearch,
    options,
    bondId,
    setBondId,
    form,
    busy: busy ?? (form.submitting ? ('create' as const) : null),
    // The refusal of the last edit tried: each forgets the other's.
    error: error ?? formError,
    map: () => {
      setFormError(null);
      void start(mapping, Number(bondId));
    },
    create: onSubmit((body) => {
      mapping.reset();
      return onCreate(body);
    }),
  };
}

export type IdentifierPanelState = ReturnType<typeof useIdentifierPanel>;
