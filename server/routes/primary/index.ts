import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dealDetailResponseSchema,
  dealIdParamsSchema,
  dealListQuerySchema,
  dealListResponseSchema,
  dealWeeksQuerySchema,
  dealWeeksResponseSchema,
  MAX_DEAL_RANGE_DAYS,
  PRIMARY_PATHS,
  volumeQuerySchema,
  volumeResponseSchema,
} from '../../../common/api/primary';
import {
  calculatorRequestSchema,
  calculatorResponseSchema,
  newDealRequestSchema,
  newDealResponseSchema,
} from '../../../common/api/newIssueCalculator';
import type { z } from 'zod';
import { daysBetween, RANGE_REFUSAL } from '../../../common/api/dates';
import { badQuery, notFound } from '../../plugins/errors';
import { dealDetail, dealWeeks, thisWeek } from '../../services/primary/dealDetail';
import { dealViewerOf, listDeals } from '../../services/primary/deals';
import { newIssueVolumeBy } from '../../services/primary/volume';
import { newIssueCalculation } from '../../services/primary/calculator';
import { calculatorWorkbook } from '../../services/primary/calculatorWorkbook';
import { callerFeatures } from '../../plugins/entitlements';
import { withoutGatedData } from '../../policies/gatedData';

const PRIMARY_XLSX_ROUTE = `POST ${PRIMARY_PATHS.calculatorXlsx}`;
import { createDealFromCalculation } from '../../services/primary/newDeal';
import { defineRoutes } from '../defineRoute';

type CalculatorBody = z.output<typeof calculatorRequestSchema>;

/** The new-issue calendar, a deal's page and the weekly record of past deals (market data: subscription). */
const primaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'primary' });

  /** The calculator's answer; its input errors (unknown issuer, a negative yield) are 400s (ServiceRefusal). */
  const calculate = (body: CalculatorBody) => newIssueCalculation(app.db, body, now());

  app.post(
    PRIMARY_PATHS.calculator,
    route({
      access: 'user',
      subscription: true,
      feature: 'new_issue_calculator',
      summary: 'New-issue calculator: benchmark, fair value, expected concession, IPT, reoffer yield, coupon and price per tranche',
      description:
        'For an issuer (or a sector and rating); every derived input can be overridden per tranche. The concession model and its fit come with the answer.',
      body: calculatorRequestSchema,
      response: { 200: calculatorResponseSchema },
    }),
    async (request) => calculate(request.body),
  );

  app.post(
    PRIMARY_PATHS.calculatorXlsx,
    route({
      access: 'user',
      subscription: true,
      feature: 'new-issue-calculator-download-xlsx',
      expensive: true,
      summary: 'The new-issue calculation as an Excel workbook: inputs, results and live formulas',
      body: calculatorRequestSchema,
    }),
    async (request, reply) => {
      // The workbook carries what the answer does, so the same gated data is withheld from it.
      const answer = withoutGatedData(await calculate(request.body), await callerFeatures(request), PRIMARY_XLSX_ROUTE);
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="new-issue-calculator-${answer.pricingDay}.xlsx"`)
        .header('cache-control', 'no-store');
      return reply.send(await calculatorWorkbook(answer));
    },
  );

  app.post(
    PRIMARY_PATHS.calculatorDeal,
    route({
      access: 'user',
      subscription: true,
      feature: 'new-issue-calculator-new-deal',
      summary: 'Announce a calculation as a deal: its tranches, owned by the caller and seen by their organisation',
      body: newDealRequestSchema,
      response: { 201: newDealResponseSchema },
    }),
    async (request, reply) => {
      const owner = await dealViewerOf(app.db, request.user.userId);
      return reply.code(201).send(await createDealFromCalculation(app.db, request.body, owner, now()));
    },
  );

  app.get(
    PRIMARY_PATHS.volume,
    route({
      access: 'user',
      subscription: true,
      summary: 'New-issue volume by week or month, split by credit class, sector or rating, with the year to date',
      querystring: volumeQuerySchema,
      response: { 200: volumeResponseSchema },
    }),
    async (request) => newIssueVolumeBy(app.db, request.query, now()),
  );

  app.get(
    PRIMARY_PATHS.deals,
    route({
      access: 'user',
      subscription: true,
      summary: 'Deals announced in a date range (default: this market week), newest first',
      description:
        'Each tranche carries reoffer yield and price, tightening from IPT, book cover, fair value on the issuer curve and concession.',
      querystring: dealListQuerySchema,
      response: { 200: dealListResponseSchema },
    }),
    async (request) => {
      const asOf = now();
      const range = { ...thisWeek(asOf), ...pick(request.query.from, 'from'), ...pick(request.query.to, 'to') };
      // The contract checks a range given whole; one end defaulted to this week is checked here.
      // With the start left to default, an end before this week's Monday is the end's fault.
      if (range.from > range.to && !request.query.from)
        throw badQuery('to', `must not be before ${range.from} (this week's Monday, the start date when none is given)`);
      if (range.from > range.to) throw badQuery('from', RANGE_REFUSAL.reversed(range.to));
      if (daysBetween(range.from, range.to) > MAX_DEAL_RANGE_DAYS)
        throw badQuery(request.query.from ? 'from' : 'to', RANGE_REFUSAL.tooLong(MAX_DEAL_RANGE_DAYS));
      const deals = await listDeals(app.db, { ...request.query, ...range, viewer: await dealViewerOf(app.db, request.user.userId) }, asOf);
      return { ...range, deals };
    },
  );

  app.get(
    PRIMARY_PATHS.dealWeeks,
    route({
      access: 'user',
      subscription: true,
      summary: 'Past deals by week: count, volume and average concession, tightening and cover',
      querystring: dealWeeksQuerySchema,
      response: { 200: dealWeeksResponseSchema },
    }),
    async (request) => dealWeeks(app.db, request.query, now(), await dealViewerOf(app.db, request.user.userId)),
  );

  app.get(
    PRIMARY_PATHS.deal.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: "A deal: spread path, the issuer's curve with fair values, comparable deals and performance since pricing",
      params: dealIdParamsSchema,
      response: { 200: dealDetailResponseSchema },
    }),
    async (request) => {
      const detail = await dealDetail(app.db, request.params.id, now(), await dealViewerOf(app.db, request.user.userId));
      if (!detail) throw notFound(`Deal ${request.params.id} not found`);
      return detail;
    },
  );
};

function pick<K extends string>(value: string | undefined, key: K): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

export default primaryRoutes;
