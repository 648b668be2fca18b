/** Pricing sheets over the one API client (contract: common/api/pricingSheets.ts). */
import {
  PRICING_SHEET_PATHS,
  type PricingSheet,
  type PricingSheetCreate,
  type PricingSheetList,
  type PricingSheetUpdate,
} from '@common/api/pricingSheets';
import { api } from '../../api/client';
import { apiKey } from '../../api/queries';

export const pricingSheetsKey = apiKey(PRICING_SHEET_PATHS.sheets);
export const pricingSheetKey = (id: number) => apiKey(PRICING_SHEET_PATHS.sheet({ id }));
export const pricingSheetVersionsKey = (id: number) => apiKey(PRICING_SHEET_PATHS.versions({ id }));

export const pricingSheetsApi = {
  list: () => api.get<PricingSheetList>(PRICING_SHEET_PATHS.sheets),
  get: (id: number) => api.get<PricingSheet>(PRICING_SHEET_PATHS.sheet({ id })),
  create: (body: PricingSheetCreate) => api.post<PricingSheet>(PRICING_SHEET_PATHS.sheets, body),
  update: (id: number, body: PricingSheetUpdate) => api.patch<PricingSheet>(PRICING_SHEET_PATHS.sheet({ id }), body),
  restore: (id: number, version: number, baseVersion: number) =>
    api.post<PricingSheet>(PRICING_SHEET_PATHS.restore({ id }), { version, baseVersion }),
  duplicate: (id: number) => api.post<PricingSheet>(PRICING_SHEET_PATHS.duplicate({ id })),
  remove: (id: number) => api.delete<void>(PRICING_SHEET_PATHS.sheet({ id })),
  xlsx: (id: number) => api.get<Blob>(PRICING_SHEET_PATHS.xlsx({ id }), { responseType: 'blob' }),
};
