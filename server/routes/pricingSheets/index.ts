import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calculatorRequestSchema } from '../../../common/api/newIssueCalculator';
import {
  PRICING_SHEET_PATHS,
  pricingSheetCreateSchema,
  pricingSheetListSchema,
  pricingSheetRestoreSchema,
  pricingSheetSchema,
  pricingSheetUpdateSchema,
  pricingSheetVersionsSchema,
} from '../../../common/api/pricingSheets';
import { idParamsSchema } from '../../../common/api/shared';
import { badRequest } from '../../plugins/errors';
import { newIssueCalculation } from '../../services/primary/calculator';
import { calculatorWorkbook } from '../../services/primary/calculatorWorkbook';
import { callerFeatures } from '../../plugins/entitlements';
import { withoutGatedData } from '../../policies/gatedData';
import {
  createPricingSheet,
  deletePricingSheet,
  duplicatePricingSheet,
  getPricingSheet,
  listPricingSheets,
  pricingSheetVersions,
  restorePricingSheet,
  updatePricingSheet,
} from '../../services/primary/pricingSheets';
import { defineRoutes } from '../defineRoute';

/** Saved worksheets are the calculator's: the same feature and subscription. */
const config = { access: 'user', subscription: true, feature: 'new_issue_calculator' } as const;

/** Pricing sheets (/bw/primary/pricing-sheet): a banker's saved calculator worksheets, owner-only, versioned. */
const pricingSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'primary' });

  app.get(
    PRICING_SHEET_PATHS.sheets,
    route({ ...config, summary: "The caller's pricing sheets, most recently changed first", response: { 200: pricingSheetListSchema } }),
    async (request) => listPricingSheets(app.db, request.user.userId),
  );

  app.post(
    PRICING_SHEET_PATHS.sheets,
    route({
      ...config,
      summary: 'Save a calculator worksheet as a new pricing sheet',
      body: pricingSheetCreateSchema,
      response: { 201: pricingSheetSchema },
      errors: [404],
    }),
    async (request, reply) => reply.code(201).send(await createPricingSheet(app.db, request.user.userId, request.body, now())),
  );

  app.get(
    PRICING_SHEET_PATHS.sheet.pattern,
    route({ ...config, summary: 'One pricing sheet (owner only)', params: idParamsSchema, response: { 200: pricingSheetSchema } }),
    async (request) => getPricingSheet(app.db, request.user.userId, request.params.id),
  );

  app.patch(
    PRICING_SHEET_PATHS.sheet.pattern,
    route({
      ...config,
      summary: 'Save a change (rename, notes, tranches) made on `baseVersion`; the state it replaces is kept as a version',
      description: 'Refused with 409 when the sheet has moved on since `baseVersion` (another tab saved first).',
      params: idParamsSchema,
      body: pricingSheetUpdateSchema,
      response: { 200: pricingSheetSchema },
      errors: [409],
    }),
    async (request) => updatePricingSheet(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.get(
    PRICING_SHEET_PATHS.versions.pattern,
    route({
      ...config,
      summary: 'Earlier states of a pricing sheet, newest first',
      params: idParamsSchema,
      response: { 200: pricingSheetVersionsSchema },
    }),
    async (request) => pricingSheetVersions(app.db, request.user.userId, request.params.id),
  );

  app.post(
    PRICING_SHEET_PATHS.restore.pattern,
    route({
      ...config,
      summary: 'Undo: make an earlier version the current state again (itself a save, so it can be undone too)',
      params: idParamsSchema,
      body: pricingSheetRestoreSchema,
      response: { 200: pricingSheetSchema },
      errors: [409],
    }),
    async (request) => restorePricingSheet(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.post(
    PRICING_SHEET_PATHS.duplicate.pattern,
    route({
      ...config,
      summary: 'Copy a pricing sheet as "Copy of {name}"',
      params: idParamsSchema,
      response: { 201: pricingSheetSchema },
    }),
    async (request, reply) => reply.code(201).send(await duplicatePricingSheet(app.db, request.user.userId, request.params.id, now())),
  );

  app.delete(
    PRICING_SHEET_PATHS.sheet.pattern,
    route({
      ...config,
      summary: 'Delete a pricing sheet and its versions (owner only)',
      params: idParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await deletePricingSheet(app.db, request.user.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    PRICING_SHEET_PATHS.xlsx.pattern,
    route({
      ...config,
      feature: 'new-issue-calculator-download-xlsx',
      expensive: true,
      summary: "A pricing sheet calculated on today's market, as an Excel workbook with live formulas",
      params: idParamsSchema,
    }),
    async (request, reply) => {
      const sheet = await getPricingSheet(app.db, request.user.userId, request.params.id);
      const complete = calculatorRequestSchema.safeParse(sheet.content);
      if (!complete.success) {
        const issue = complete.error.issues[0];
        throw badRequest(`${issue?.path.join('.') || 'content'}: ${issue?.message ?? 'the sheet is incomplete'}`);
      }
      // The workbook carries the answer's gated data only for a caller with its feature.
      const answer = withoutGatedData(
        await newIssueCalculation(app.db, complete.data, now()),
        await callerFeatures(request),
        'GET /v2/primary/pricing-sheet/:id/xlsx',
      );
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileNameOf(sheet.name)}-${answer.pricingDay}.xlsx"`)
        .header('cache-control', 'no-store');
      return reply.send(await calculatorWorkbook(answer));
    },
  );
};

/** A sheet's name as a safe file name: letters, digits, dashes. */
function fileNameOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'pricing-sheet';
}

export default pricingSheetRoutes;
