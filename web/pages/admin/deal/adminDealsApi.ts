/** Deal administration over the one API client (contract: common/api/adminDeals.ts). */
import {
  ADMIN_DEAL_PATHS,
  type AdminDeal,
  type AdminDealCreate,
  type AdminDealStatus,
  type AdminDealUpdate,
  type AdminTrancheInput,
} from '@common/api/adminDeals';
import { api } from '../../../api/client';

/** The edits; the reads are `useApiQuery` of ADMIN_DEAL_PATHS.deals and ADMIN_DEAL_PATHS.deal. */
export const adminDealsApi = {
  create: (body: AdminDealCreate) => api.post<{ id: number }>(ADMIN_DEAL_PATHS.deals, body),
  update: (id: number, body: AdminDealUpdate) => api.patch<AdminDeal>(ADMIN_DEAL_PATHS.deal({ id }), body),
  addTranche: (id: number, body: AdminTrancheInput) => api.post<AdminDeal>(ADMIN_DEAL_PATHS.tranches({ id }), body),
  updateTranche: (id: number, trancheId: number, body: Partial<AdminTrancheInput>) =>
    api.patch<AdminDeal>(ADMIN_DEAL_PATHS.tranche({ id, trancheId }), body),
  removeTranche: (id: number, trancheId: number) => api.delete<AdminDeal>(ADMIN_DEAL_PATHS.tranche({ id, trancheId })),
  addStatus: (id: number, body: AdminDealStatus) => api.post<AdminDeal>(ADMIN_DEAL_PATHS.status({ id }), body),
  undoStatus: (id: number) => api.delete<AdminDeal>(ADMIN_DEAL_PATHS.latestStatus({ id })),
};
