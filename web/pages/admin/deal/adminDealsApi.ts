/** Deal administration over the one API client (contract: common/api/adminDeals.ts). */
import {
  ADMIN_DEAL_PATHS,
  type AdminDeal,
  type AdminDealCreate,
  type AdminDealList,
  type AdminDealListQuery,
  type AdminDealStatus,
  type AdminDealUpdate,
  type AdminTrancheInput,
} from '@common/api/adminDeals';
import { api } from '../../../api/client';
import { apiKey } from '../../../api/queries';

export const adminDealsKey = (query: AdminDealListQuery) => apiKey(ADMIN_DEAL_PATHS.deals, query);
export const adminDealKey = (id: number) => apiKey(ADMIN_DEAL_PATHS.deal({ id }));

export const adminDealsApi = {
  list: (query: AdminDealListQuery) => api.get<AdminDealList>(ADMIN_DEAL_PATHS.deals, { query }),
  get: (id: number) => api.get<AdminDeal>(ADMIN_DEAL_PATHS.deal({ id })),
  create: (body: AdminDealCreate) => api.post<{ id: number }>(ADMIN_DEAL_PATHS.deals, body),
  update: (id: number, body: AdminDealUpdate) => api.patch<AdminDeal>(ADMIN_DEAL_PATHS.deal({ id }), body),
  addTranche: (id: number, body: AdminTrancheInput) => api.post<AdminDeal>(ADMIN_DEAL_PATHS.tranches({ id }), body),
  updateTranche: (id: number, trancheId: number, body: Partial<AdminTrancheInput>) =>
    api.patch<AdminDeal>(ADMIN_DEAL_PATHS.tranche({ id, trancheId }), body),
  removeTranche: (id: number, trancheId: number) => api.delete<AdminDeal>(ADMIN_DEAL_PATHS.tranche({ id, trancheId })),
  addStatus: (id: number, body: AdminDealStatus) => api.post<AdminDeal>(ADMIN_DEAL_PATHS.status({ id }), body),
  undoStatus: (id: number) => api.delete<AdminDeal>(ADMIN_DEAL_PATHS.latestStatus({ id })),
};
