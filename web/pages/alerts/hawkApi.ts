/** Market hawk over the one API client (contract: common/api/hawk.ts). */
import {
  HAWK_PATHS,
  type HawkBacktestBody,
  type HawkBacktestResult,
  type HawkDisableResult,
  type HawkSubscription,
  type HawkSubscriptionCreateBody,
  type HawkSubscriptionUpdateBody,
} from '@common/api/hawk';
import { api } from '../../api/client';
import { apiKey } from '../../api/queries';

export const hawkSubscriptionsKey = apiKey(HAWK_PATHS.subscriptions);

export const hawkApi = {
  create: (body: HawkSubscriptionCreateBody) => api.post<HawkSubscription>(HAWK_PATHS.subscriptions, body),
  update: (id: number, body: HawkSubscriptionUpdateBody) => api.patch<HawkSubscription>(HAWK_PATHS.subscription(id), body),
  remove: (id: number) => api.delete<void>(HAWK_PATHS.subscription(id)),
  backtest: (body: HawkBacktestBody, signal?: AbortSignal) =>
    api.post<HawkBacktestResult>(HAWK_PATHS.backtest, body, signal ? { signal } : {}),
  disable: (code: string) => api.post<HawkDisableResult>(HAWK_PATHS.disable(code)),
  undo: (code: string) => api.post<HawkDisableResult>(HAWK_PATHS.undoDisable(code)),
};
