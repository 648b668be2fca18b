/** Custom bond tables over the one API client (contract: common/api/bondTables.ts). */
import {
  BOND_TABLE_PATHS,
  type BondTable,
  type BondTableCreateBody,
  type BondTableListResponse,
  type BondTableUpdateBody,
} from '@common/api/bondTables';
import { api } from '../../../api/client';
import { apiKey } from '../../../api/queries';

export const bondTablesKey = apiKey(BOND_TABLE_PATHS.list);
export const bondTableKey = (id: string) => apiKey(BOND_TABLE_PATHS.one({ id }));

export const bondTablesApi = {
  list: () => api.get<BondTableListResponse>(BOND_TABLE_PATHS.list),
  create: (body: BondTableCreateBody) => api.post<BondTable>(BOND_TABLE_PATHS.list, body),
  update: (id: string, body: BondTableUpdateBody) => api.patch<BondTable>(BOND_TABLE_PATHS.one({ id }), body),
  duplicate: (id: string) => api.post<BondTable>(BOND_TABLE_PATHS.duplicate({ id })),
  remove: (id: string) => api.delete<void>(BOND_TABLE_PATHS.one({ id })),
};
