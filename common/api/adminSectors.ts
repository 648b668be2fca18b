/**
 * /admin/sectors: the two-level sector taxonomy (page /bw/admin/sectors). Sectors (no parent) hold
 * industries; issuers belong to an industry. Add, rename, move an industry under another sector,
 * move issuers between industries, delete an empty one — a sector or industry that still has
 * issuers or industries is never deleted (no orphans). Edits name the version read (409 stale).
 */
import { z } from 'zod';
import { positiveId } from './shared';
import { path } from './path';

export const ADMIN_SECTOR_PATHS = {
  list: '/admin/sectors',
  sector: path('/admin/sectors/:sectorId'),
  moveIssuers: '/admin/sectors/move-issuers',
} as const;

export const SECTOR_CODE_MAX = 40;
export const SECTOR_NAME_MAX = 80;

export const adminSectorSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Null for a sector; its sector's id for an industry. */
  parentId: z.number().int().nullable(),
  /** Issuers directly in it (a sector's are in its industries). */
  issuerCount: z.number().int(),
  version: z.number().int(),
});
export type AdminSector = z.infer<typeof adminSectorSchema>;

export const adminSectorsResponseSchema = z.object({
  /** Sectors then industries, each by code. */
  sectors: z.array(adminSectorSchema),
});
export type AdminSectorsResponse = z.infer<typeof adminSectorsResponseSchema>;

const sectorName = z.string().trim().min(1, 'must not be empty').max(SECTOR_NAME_MAX, `must be at most ${SECTOR_NAME_MAX} characters`);

export const adminSectorCreateSchema = z
  .object({
    /** Stable code (URLs, filters, segments): letters, digits and _ . & - ; stored upper-case. */
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_.&-]*$/, 'must be letters, digits and _ . & -')
      .max(SECTOR_CODE_MAX, `must be at most ${SECTOR_CODE_MAX} characters`),
    name: sectorName,
    /** The sector an industry belongs to; null or absent adds a sector. */
    parentId: z.number().int().positive().nullable().default(null),
  })
  .strict();
export type AdminSectorCreate = z.input<typeof adminSectorCreateSchema>;

export const adminSectorUpdateSchema = z
  .object({
    version: z.number().int().min(0),
    name: sectorName.optional(),
    /** Move an industry under another sector (sectors stay top-level). */
    parentId: z.number().int().positive().optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.parentId !== undefined, { message: 'nothing to change', path: ['name'] });
export type AdminSectorUpdate = z.input<typeof adminSectorUpdateSchema>;

export const sectorParamsSchema = z.object({ sectorId: positiveId });

export const adminSectorDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(0) }).strict();

export const moveIssuersSchema = z
  .object({
    issuerIds: z.array(z.number().int().positive()).min(1, 'name at least one issuer').max(500, 'at most 500 issuers at once'),
    /** The industry they move to. */
    sectorId: z.number().int().positive(),
  })
  .strict();
export type MoveIssuers = z.input<typeof moveIssuersSchema>;

export const moveIssuersResponseSchema = z.object({ moved: z.number().int(), sectorId: z.number().int() });
export type MoveIssuersResponse = z.infer<typeof moveIssuersResponseSchema>;
