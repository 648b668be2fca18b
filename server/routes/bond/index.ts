import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bondDetailResponseSchema,
  bondListQuerySchema,
  bondListResponseSchema,
  type BondListResponse,
  cashflowsResponseSchema,
  BOND_PATHS,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  sparklinesQuerySchema,
  sparklinesResponseSchema,
} from '../../../common/api/bond';
import { idParamsSchema } from '../../../common/api/shared';
import { bondTradesQuerySchema, tradeListResponseSchema } from '../../../common/api/trade';
import { notFound } from '../../plugins/errors';
import { bondCashflows, bondDetail, bondExists } from '../../services/market/queries/bondDetail';
import { priceHistory } from '../../services/market/queries/priceHistory';
import { bondListCsv, listBondsJson } from '../../services/market/queries/bondList';
import { sparklineSeries } from '../../services/pricing';
import { listTrades } from '../../services/market/queries/trades';
import { entitledBondQuery } from './columnAccess';
import { defineRoutes } from '../defineRoute';

const csvQuerySchema = bondListQuerySchema.omit({ offset: true, limit: true });

/** The bond table (list, CSV) and one bond's detail, price history, trades and cash flows. */
const bondRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'bond' });

  app.get(
    BOND_PATHS.bonds,
    route({
      access: 'user',
      subscription: true,
      summary: 'Bond table: sort on any column (primary, secondary), filters, column selection, paging',
      querystring: bondListQuerySchema,
      response: { 200: bondListResponseSchema },
    }),
    // The hot path: the service writes the JSON itself from per-row JSON it keeps (rows come
    // from typed presenters; the schema above documents the response and the tests check it).
    async (request, reply) => {
      const json = await listBondsJson(app.db, await entitledBondQuery(request, request.query));
      // Fastify sends these bytes as they are; the cast only tells the typed reply that they are
      // the documented response.
      return reply.type('application/json; charset=utf-8').send(json as unknown as BondListResponse);
    },
  );

  app.get(
    BOND_PATHS.bondsCsv,
    route({
      access: 'user',
      subscription: true,
      expensive: true,
      summary: 'The whole filtered, sorted bond list as CSV (RFC 4180, header row, unformatted numbers)',
      querystring: csvQuerySchema,
    }),
    async (request, reply) => {
      const query = await entitledBondQuery(request, request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bonds.csv"')
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(bondListCsv(app.db, query)));
    },
  );

  app.get(
    BOND_PATHS.bondSparklines,
    route({
      access: 'user',
      subscription: true,
      feature: 'sparklines',
      summary: "The last closing prices of up to 200 bonds at once (the bond table's sparklines)",
      querystring: sparklinesQuerySchema,
      response: { 200: sparklinesResponseSchema },
    }),
    async (request) => {
      const ids = [...new Set(request.query.ids)];
      const series = await sparklineSeries(app.db, ids, request.query.points);
      return { series: ids.map((id) => ({ id, prices: (series.get(id) ?? []).map((p) => p.price) })) };
    },
  );

  app.get(
    BOND_PATHS.bond.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: "A bond's terms, issuer, ratings history, call schedule, today's analytics and price lineage",
      params: idParamsSchema,
      response: { 200: bondDetailResponseSchema },
    }),
    async (request) => {
      const detail = await bondDetail(app.db, request.params.id);
      if (!detail) throw notFound(`Bond ${request.params.id} not found`);
      return detail;
    },
  );

  app.get(
    BOND_PATHS.bondPriceHistory.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: 'End-of-day evaluated prices, yields, spreads, confidence and volume (default: one year)',
      params: idParamsSchema,
      querystring: priceHistoryQuerySchema,
      response: { 200: priceHistoryResponseSchema },
    }),
    async (request) => {
      const history = await priceHistory(app.db, request.params.id, request.query);
      if (history.points.length === 0 && !(await bondExists(app.db, request.params.id))) {
        throw notFound(`Bond ${request.params.id} not found`);
      }
      return history;
    },
  );

  app.get(
    BOND_PATHS.bondTrades.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: "A bond's trades, newest first, as disseminated",
      params: idParamsSchema,
      querystring: bondTradesQuerySchema,
      response: { 200: tradeListResponseSchema },
    }),
    async (request) => {
      // Existence is asked only when there is nothing to show: one statement for a traded bond.
      const trades = await listTrades(app.db, { ...request.query, bondId: request.params.id });
      if (trades.length === 0 && !(await bondExists(app.db, request.params.id))) throw notFound(`Bond ${request.params.id} not found`);
      return { trades };
    },
  );

  app.get(
    BOND_PATHS.bondCashflows.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: 'Future cash flows per 100 face (analytics engine), settling T+1',
      params: idParamsSchema,
      response: { 200: cashflowsResponseSchema },
    }),
    async (request) => {
      const flows = await bondCashflows(app.db, request.params.id);
      if (!flows) throw notFound(`Bond ${request.params.id} not found`);
      return flows;
    },
  );
};

export default bondRoutes;
