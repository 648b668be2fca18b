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
import { errorResponseSchema } from '../../../../common/api/shared';
import { repriceAfterImport } from '../../../services/importers/reprice';
import { correctFiling, dealFromFiling, filing, importFiling, listFilings } from '../../../services/primary/edgar/filings';

const tags = ['admin'];
const security = [{ bearer: [] }];
const config = { access: 'admin' } as const;
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** EDGAR pricing term sheets (/bw/admin/edgar): upload, review and correct, and the deal made from each. */
const adminEdgarRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.now());
  /** New bonds get their evaluated prices after the commit, as an import's do; a failure there does not undo the deal. */
  const price = async (bondIds: number[]) => {
    if (bondIds.length > 0)
      await repriceAfterImport(app.db, bondIds, now()).catch((err: unknown) => app.log.warn({ err }, 'repricing EDGAR bonds failed'));
  };

  app.get(
    EDGAR_PATHS.filings,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Uploaded FWP term sheets, newest first, with their status and first problem',
        querystring: edgarListQuerySchema,
        response: { 200: filingListSchema, ...errors },
      },
    },
    async (request) => listFilings(app.db, request.query.status),
  );

  app.post(
    EDGAR_PATHS.filings,
    {
      config: { ...config, expensive: true },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Upload an FWP pricing term sheet: read, stored, and made into its deal when complete and its issuer known',
        body: edgarUploadSchema,
        response: { 201: edgarUploadResponseSchema, 200: edgarUploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { bondIds, ...result } = await importFiling(app.db, request.body, request.user.userId, now());
      await price(bondIds);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/admin/edgar/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A filing: its source text, what was read, the problems left, and its deal',
        params: edgarParamsSchema,
        response: { 200: filingSchema, ...errors },
      },
    },
    async (request) => filing(app.db, request.params.id),
  );

  app.put(
    '/admin/edgar/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Correct a filing's fields; they are checked again as the parser checks them",
        params: edgarParamsSchema,
        body: edgarCorrectionSchema,
        response: { 200: filingSchema, ...errors },
      },
    },
    async (request) => correctFiling(app.db, request.params.id, request.body.reading, request.user.userId, now()),
  );

  app.post(
    '/admin/edgar/:id/deal',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Make the filing's priced deal and bonds, or bring them up to date after a correction",
        params: edgarParamsSchema,
        body: edgarDealSchema,
        response: { 200: filingSchema, ...errors },
      },
    },
    async (request) => {
      const made = await dealFromFiling(app.db, request.params.id, request.body, request.user.userId, now());
      await price(made.bondIds);
      return made.filing;
    },
  );
};

export default adminEdgarRoutes;
