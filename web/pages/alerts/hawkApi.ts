/** Market hawk over the one API client (contract: common/api/hawk.ts). */
import {
  HAWK_PATHS,
  type HawkDisableResult,
  type HawkSubscription,
  type HawkSubscriptionCreateBody,
  type HawkSubscriptionUpdateBody,
} from '@common/api/hawk';
import { api } from '../../api/client';
import { trackEvent } from '../../usage';

export const hawkApi = {
  create: async (body: HawkSubscriptionCreateBody) => {
    const created = await api.post<HawkSubscription>(HAWK_PATHS.subscriptions, body);
    // The sign-up funnel's last step on the usage dashboards.
    trackEvent('alert.created', { kind: body.rule.kind, target: body.target.kind });
    return created;
  },
  update: (id: number, body: HawkSubscriptionUpdateBody) => api.patch<HawkSubscription>(HAWK_PATHS.subscription({ id }), body),
  remove: (id: number) => api.delete<void>(HAWK_PATHS.subscription({ id })),
  disable: (code: string) => api.post<HawkDisableResult>(HAWK_PATHS.disable({ disableCode: code })),
  undo: (code: string) => api.post<HawkDisableResult>(HAWK_PATHS.undoDisable({ disableCode: code })),
};
