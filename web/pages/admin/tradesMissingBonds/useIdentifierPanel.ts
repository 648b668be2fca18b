/**
 * The data of one waiting identifier's panel: its trades, the bond search and the bond chosen,
 * the fields of a new bond, and the map/create actions (one `useApiMutation` each, shown to the
 * panel as one busy key and one refusal).
 */
import { useState } from 'react';
import { BOND_PATHS, type BondListResponse } from '@common/api/bond';
import {
  MISSING_BONDS_PATHS,
  type BondReferenceField,
  type CreateBondBody,
  type MissingGroup,
  type MissingTradesResponse,
} from '@common/api/tradesMissingBonds';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { editsShown } from '../adminEdits';
import { bondOptions, canSearch } from './identifierFields';

export type IdentifierActions = {
  onMap: (bondId: number) => Promise<void>;
  onCreate: (fields: CreateBondBody) => Promise<void>;
};

export function useIdentifierPanel(group: MissingGroup, { onMap, onCreate }: IdentifierActions) {
  const trades = useApiQuery<MissingTradesResponse>(MISSING_BONDS_PATHS.trades({ identifier: group.identifier }));
  const [search, setSearch] = useState('');
  const found = useApiQuery<BondListResponse>(canSearch(search) ? BOND_PATHS.bonds : null, {
    query: { q: search.trim(), limit: 20, columns: ['bondIdentifier', 'description'] },
  });
  const options = bondOptions(group, found.data?.rows ?? []);
  const [bondId, setBondId] = useState<string | null>(null);
  const [fields, setFields] = useState<CreateBondBody>({ cusip: group.identifier });
  // The page's own calls attach the trades and read its lists again; here they get a spinner and a refusal.
  const mapping = useApiMutation(onMap);
  const creating = useApiMutation(onCreate);
  const { busy, error, start } = editsShown({ map: mapping, create: creating });
  return {
    trades: trades.data?.trades,
    search,
    setSearch,
    options,
    bondId,
    setBondId,
    fields,
    setField: (f: BondReferenceField, value: string) => setFields((prev) => ({ ...prev, [f]: value })),
    busy,
    error,
    map: () => {
      void start(mapping, Number(bondId));
    },
    create: () => {
      void start(creating, fields);
    },
  };
}

export type IdentifierPanelState = ReturnType<typeof useIdentifierPanel>;
