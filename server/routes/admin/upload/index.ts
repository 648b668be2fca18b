import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../../plugins/errors';
import { importFile, summarize } from '../../../services/importers';
import { UPLOAD_PATH } from '@common/api/upload';
import { importReportSchema, refusedSchema, UPLOAD_MAX_BYTES, uploadParams, uploadQuery } from './schema';
import { defineRoutes } from '../../defineRoute';

export interface UploadRoutesOptions {
  /** Per-file size limit in bytes (tests lower it to prove the 413). */
  maxFileBytes?: number;
}

/**
 * Admin data upload (spec admin/upload): one multipart file per request, streamed straight into
 * the importer (never buffered), one transaction, and the import report as the answer — 200
 * when committed, 422 when rejected rows left everything unchanged, 400 for a file that is not
 * of the kind (wrong columns), 409 for a TRACE file imported before, 413 over the size limit.
 */
const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, opts) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  const maxFileBytes = opts.maxFileBytes ?? UPLOAD_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxFileBytes, files: 2, fields: 10, parts: 12 } });

  app.post(
    UPLOAD_PATH.pattern,
    route({
      access: 'admin',
      expensive: true,
      summary: 'Import a Treasury par curve CSV, a TRACE Enhanced file or a bond reference CSV',
      description:
        'multipart/form-data with one file part (any field name). The file is streamed through the importer in one ' +
        'transaction: a file with a bad row changes nothing unless skipBadRows=true. The answer is the import report.',
      consumes: ['multipart/form-data'],
      params: uploadParams,
      querystring: uploadQuery,
      response: { 200: importReportSchema, 400: refusedSchema, 409: refusedSchema, 422: refusedSchema },
    }),
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data (one file part)');
      const parts = request.parts();
      let first = await parts.next();
      while (!first.done && first.value.type !== 'file') first = await parts.next();
      if (first.done || first.value.type !== 'file') throw badRequest('No file: send one file part in the multipart body');
      const part = first.value;
      const { kind } = request.params;
      const log = request.log.child({ import: kind, file: part.filename });
      log.info('import started');
      const report = await importFile(app.db, kind, part.file, {
        now: app.now,
        skipBadRows: request.query.skipBadRows,
        actorUserId: request.user.userId,
        fileName: part.filename,
        onProgress: (p) => log.info({ rowsRead: p.rowsRead, rowsPerSecond: p.rowsPerSecond, done: p.done }, 'import progress'),
        // Before anything is committed: the file arrived whole, and it was the only one (a second
        // file part would otherwise be ignored, the upload silently half-read).
        assertComplete: async () => {
          if (part.file.truncated)
            throw new HttpError(413, `File is larger than the ${Math.round(maxFileBytes / 1048576)} MB upload limit`);
          for (let next = await parts.next(); !next.done; next = await parts.next()) {
            if (next.value.type === 'file')
              throw badRequest('Send one file per upload: this upload has more than one file part; nothing was imported');
          }
        },
      });
      log.info({ committed: report.committed, rowsRejected: report.rowsRejected }, summarize(report));
      if (report.details?.duplicateOf) return reply.code(409).send({ error: `${report.error}; nothing was imported`, report });
      if (report.error) return reply.code(400).send({ error: report.error, report });
      if (!report.committed) {
        const first = report.rejected[0];
        const more = report.rowsRejected > 1 ? ` (and ${report.rowsRejected - 1} more rejected rows)` : '';
        return reply.code(422).send({ error: `line ${first?.line}: ${first?.reason}${more}; nothing was imported`, report });
      }
      return report;
    },
  );
};

export default uploadRoutes;
