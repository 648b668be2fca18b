import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_PATHS, auditLogCsvQuerySchema, auditLogPageSchema, auditLogQuerySchema } from '../../../../common/api/auditLog';
import { auditLogCsv, auditLogPage } from '../../../services/auditLog';
import { defineRoutes } from '../../defineRoute';

/** The audit log (/bw/admin/audit-log): every audited change, filtered, paged, exported. */
const adminAuditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    AUDIT_LOG_PATHS.entries,
    route({
      access: 'admin',
      summary: 'Audited changes, newest first, by actor, action (or a family, "deal."), subject and time; paged by cursor',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogPageSchema },
    }),
    async (request) => auditLogPage(app.db, request.query),
  );

  app.get(
    AUDIT_LOG_PATHS.csv,
    route({
      access: 'admin',
      expensive: true,
      summary: 'The filtered audit log as CSV (newest first, at most 100,000 rows)',
      querystring: auditLogCsvQuerySchema,
    }),
    async (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(auditLogCsv(app.db, request.query)));
    },
  );
};

export default adminAuditLogRoutes;
