/**
 * API contract of the admin data upload (`POST /admin/upload/{kind}`, admins only): one file per
 * request, streamed through its importer in one transaction, answered with the import report.
 */
import { z } from 'zod';
import { path } from './path';

export const UPLOAD_KINDS = ['treasury', 'trace', 'bonds'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_PATH = path('/admin/upload/:kind');

/** Largest file the upload endpoint accepts (a month of TRACE Enhanced data is ~150 MB). */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

export const uploadParams = z.object({ kind: z.enum(UPLOAD_KINDS).describe('treasury | trace | bonds') });

export const uploadQuery = z.object({
  skipBadRows: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('Import the good rows of a file with bad ones (listed in the report) instead of nothing'),
});

export const importReportSchema = z.object({
  kind: z.enum(UPLOAD_KINDS),
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
export type ImportReportBody = z.infer<typeof importReportSchema>;

/** 400 (bad request or wrong columns) and 422 (rejected rows): the error, and the report when a file was read. */
export const refusedSchema = z.object({ error: z.string(), report: importReportSchema.optional() });
export type UploadRefusal = z.infer<typeof refusedSchema>;
