import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EDGAR_PATHS,
  edgarCorrectionSchema,
  edgarDealSchema,
  edgarListQuerySchema,
  edgarParamsSchema,
  edgarUploadResponseSchema,
  edgarUploadSchema,
  filingListSchema,
  filingSchema,
} from '../../../../common/api/edgar';

import { repriceAfterImport } from '../../../services/importers/reprice';
import { correctFiling, dealFromFiling, filing, importFiling, listFilings } from '../../../services/primary/edgar/filings';
import { defineRoutes } from '../../defineRoute';

/** EDGAR pricing term sheets (/bw/admin/edgar): upload, review and correct, and the deal made from each. */
const adminEdgarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  /** New bonds get their evaluated prices after the commit, as an import's do; a failure there does not undo the deal. */
  const price = async (bondIds: number[]) => {
    if (bondIds.length > 0)
      await repriceAfterImport(app.db, bondIds, now()).catch((err: unknown) => app.log.warn({ err }, 'repricing EDGAR bonds failed'));
  };

  app.get(
    EDGAR_PATHS.filings,
    route({
      access: 'admin',
      summary: 'Uploaded FWP term sheets, newest first, with their status and first problem',
      querystring: edgarListQuerySchema,
      response: { 200: filingListSchema },
      errors: [404],
    }),
    async (request) => listFilings(app.db, request.query.status),
  );

  app.post(
    EDGAR_PATHS.filings,
    route({
      bodyLimit: 4 * 1024 * 1024,
      access: 'admin',
      expensive: true,
      summary: 'Upload an FWP pricing term sheet: read, stored, and made into its deal when complete and its issuer known',
      body: edgarUploadSchema,
      response: { 201: edgarUploadResponseSchema, 200: edgarUploadResponseSchema },
      errors: [404],
    }),
    async (request, reply) => {
      const { bondIds, ...result } = await importFiling(app.db, request.body, request.user.userId, now());
      await price(bondIds);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    EDGAR_PATHS.filing.pattern,
    route({
      access: 'admin',
      summary: 'A filing: its source text, what was read, the problems left, and its deal',
      params: edgarParamsSchema,
      response: { 200: filingSchema },
    }),
    async (request) => filing(app.db, request.params.id),
  );

  app.put(
    EDGAR_PATHS.filing.pattern,
    route({
      access: 'admin',
      summary: "Correct a filing's fields; they are checked again as the parser checks them",
      params: edgarParamsSchema,
      body: edgarCorrectionSchema,
      response: { 200: filingSchema },
    }),
    async (request) => correctFiling(app.db, request.params.id, request.body.reading, request.user.userId, now()),
  );

  app.post(
    EDGAR_PATHS.deal.pattern,
    route({
      access: 'admin',
      summary: "Make the filing's priced deal and bonds, or bring them up to date after a correction",
      params: edgarParamsSchema,
      body: edgarDealSchema,
      response: { 200: filingSchema },
    }),
    async (request) => {
      const made = await dealFromFiling(app.db, request.params.id, request.body, request.user.userId, now());
      await price(made.bondIds);
      return made.filing;
    },
  );
};

export default adminEdgarRoutes;
