/** Sharing over the one API client (contract: common/api/shares.ts). */
import { SHARE_PATHS, type Share, type ShareCreateBody, type ShareList, type SharePermission } from '@common/api/shares';
import { api } from '../../api/client';

export const shareApi = {
  list: () => api.get<ShareList>(SHARE_PATHS.shares),
  get: (uuid: string) => api.get<Share>(SHARE_PATHS.one({ uuid })),
  create: (body: ShareCreateBody) => api.post<{ shares: Share[] }>(SHARE_PATHS.shares, body),
  accept: (uuid: string) => api.post<Share>(SHARE_PATHS.accept({ uuid })),
  setPermission: (uuid: string, permission: SharePermission) => api.patch<Share>(SHARE_PATHS.one({ uuid }), { permission }),
  revoke: (uuid: string) => api.post<Share>(SHARE_PATHS.revoke({ uuid })),
  leave: (uuid: string) => api.post<Share>(SHARE_PATHS.leave({ uuid })),
};
