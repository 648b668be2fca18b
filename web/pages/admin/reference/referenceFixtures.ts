/** Test fixtures shaped by the contracts (common/api/adminIssuers.ts, adminSectors.ts). */
import type { AdminIssuerRow } from '@common/api/adminIssuers';
import { type AdminSectorsResponse, adminSectorsResponseSchema } from '@common/api/adminSectors';
import { shaped } from '../../../test/apiServer';

export const banks = { id: 11, code: 'BANKS', name: 'Banks' };
export const insurers = { id: 12, code: 'INSUR', name: 'Insurance' };

/** GET /admin/sectors: Financials with two industries. */
export const financials: AdminSectorsResponse = shaped(adminSectorsResponseSchema, {
  sectors: [
    { id: 1, code: 'FIN', name: 'Financials', parentId: null, issuerCount: 0, version: 1 },
    { ...banks, parentId: 1, issuerCount: 2, version: 1 },
    { ...insurers, parentId: 1, issuerCount: 0, version: 1 },
  ],
});

export const acmeRow: AdminIssuerRow = {
  id: 12,
  name: 'Acme Corporation',
  displayName: 'Acme',
  ticker: 'ACME',
  displayNameOverride: 'Acme Corp',
  countryOfRisk: 'US',
  secCik: null,
  industry: banks,
  sector: { id: 1, code: 'FIN', name: 'Financials' },
  parent: null,
  bondCount: 14,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
};
