/**
 * The data of one waiting identifier's panel: its trades, the bond search and the bond chosen,
 * the fields of a new bond, and the map/create actions (busy and error through useAdminAction).
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
import { useApiQuery } from '../../../api/queries';
import { useAdminAction } from '../useAdminAction';
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
  const { busy, error, run } = useAdminAction();
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
    map: () => void run('map', () => onMap(Number(bondId))),
    create: () => void run('create', () => onCreate(fields)),
  };
}

export type IdentifierPanelState = ReturnType<typeof useIdentifierPanel>;
