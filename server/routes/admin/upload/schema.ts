import { z } from 'zod';
import { IMPORT_KINDS } from '../../../services/importers';

/** Largest file the upload endpoint accepts (a month of TRACE Enhanced data is ~150 MB). */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

export const uploadParams = z.object({
  kind: z.enum(IMPORT_KINDS as unknown as ['treasury', 'trace', 'bonds']).describe('treasury | trace | bonds'),
});

export const uploadQuery = z.object({
  skipBadRows: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('Import the good rows of a file with bad ones (listed in the report) instead of nothing'),
});

export const importReportSchema = z.object({
  kind: z.enum(['treasury', 'trace', 'bonds']),
  committed: z.boolean().describe('False when nothing was written'),
  rowsRead: z.number().int(),
  rowsImported: z.number().int(),
  rowsRejected: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })).describe('The first 1,000 rejected rows'),
  unknownIdentifiers: z.number().int(),
  durationMs: z.number(),
  error: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** 400 (bad request or wrong columns) and 422 (rejected rows): the error, and the report when a file was read. */
export const refusedSchema = z.object({ error: z.string(), report: importReportSchema.optional() });
