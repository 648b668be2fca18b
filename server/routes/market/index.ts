import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MARKET_PATHS,
  marketDetailQuerySchema,
  marketDetailResponseSchema,
  marketIndexQuerySchema,
  marketIndexResponseSchema,
  marketMovesQuerySchema,
  marketMovesResponseSchema,
  marketSectorsResponseSchema,
  marketSummaryQuerySchema,
  marketSummaryResponseSchema,
  newIssueVolumeQuerySchema,
  newIssueVolumeResponseSchema,
  termStructureChangeQuerySchema,
  termStructureChangeResponseSchema,
} from '../../../common/api/market';
import { cachedResult, marketAsOf } from '../../services/market/queries/common';
import { marketDetail, marketMoves, termStructureChange } from '../../services/market/queries/marketHistory';
import { marketIndex } from '../../services/market/queries/marketIndex';
import { indexInputs } from '../../services/market/queries/indexReadModel';
import { marketSectors, newIssueVolume } from '../../services/market/queries/marketSectors';
import { marketSummary } from '../../services/market/queries/marketSummary';
import { assertRatingFilterEntitled } from '../bond/columnAccess';
import { defineRoutes } from '../defineRoute';

/** History endpoints are memoised for a minute per query and market day (see cachedResult). */
const HISTORY_TTL_MS = 60_000;

/** Market overview endpoints: summary grid, cell history, sectors, term structure, index, movers, new issues. */
const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'market' });
  const { route: primaryRoute } = defineRoutes(app, { tag: 'primary' });

  app.get(
    MARKET_PATHS.marketSummary,
    route({
      access: 'user',
      subscription: true,
      summary: "Segment × tenor grid of today's level and daily change, the Treasury curve and the most active bonds",
      querystring: marketSummaryQuerySchema,
      response: { 200: marketSummaryResponseSchema },
    }),
    async (request) => marketSummary(app.db, request.query),
  );

  app.get(
    MARKET_PATHS.marketDetail,
    route({
      access: 'user',
      subscription: true,
      expensive: true,
      summary: 'Daily series of one summary cell (metric, tenor bucket, segment)',
      querystring: marketDetailQuerySchema,
      response: { 200: marketDetailResponseSchema },
    }),
    async (request) => {
      const { day } = await marketAsOf(app.db);
      return cachedResult(
        app.db,
        `detail|${day}|${JSON.stringify(request.query)}`,
        HISTORY_TTL_MS,
        () => marketDetail(app.db, request.query),
        request.signal,
      );
    },
  );

  app.get(
    MARKET_PATHS.marketSectors,
    route({
      access: 'user',
      subscription: true,
      summary: 'Sector and industry overview: spread, yield, changes, volume, bond count',
      response: { 200: marketSectorsResponseSchema },
    }),
    async () => marketSectors(app.db),
  );

  app.get(
    MARKET_PATHS.termStructureChange,
    route({
      access: 'user',
      subscription: true,
      expensive: true,
      summary: "An issuer's or sector's curve on two dates by tenor bucket, with each bond's points",
      querystring: termStructureChangeQuerySchema,
      response: { 200: termStructureChangeResponseSchema },
    }),
    async (request) => {
      const { day } = await marketAsOf(app.db);
      // The levels and the bond points are gated data (server/policies/gatedData.ts), withheld on the way out.
      return cachedResult(
        app.db,
        `tsc|${day}|${JSON.stringify(request.query)}`,
        HISTORY_TTL_MS,
        () => termStructureChange(app.db, request.query),
        request.signal,
      );
    },
  );

  app.get(
    MARKET_PATHS.marketIndex,
    route({
      access: 'user',
      subscription: true,
      feature: 'bond_market_index',
      expensive: true,
      summary: 'IG and HY active bond indexes (top 100 by trailing volume, monthly rebalance, total return from 100)',
      querystring: marketIndexQuerySchema,
      response: { 200: marketIndexResponseSchema },
    }),
    async (request) => {
      const { day } = await marketAsOf(app.db);
      return cachedResult(
        app.db,
        `index|${day}|${JSON.stringify(request.query)}`,
        HISTORY_TTL_MS,
        // The baskets and closes every `from` shares come from the read model: a new `from` is cheap.
        (signal) => marketIndex(app.db, request.query, signal, indexInputs(app.db, day, app.now())),
        request.signal,
      );
    },
  );

  app.get(
    MARKET_PATHS.marketMoves,
    route({
      access: 'user',
      subscription: true,
      summary: 'Biggest price, yield or spread moves over a day, week or month, filterable like the bond table',
      querystring: marketMovesQuerySchema,
      response: { 200: marketMovesResponseSchema },
    }),
    async (request) => {
      await assertRatingFilterEntitled(request, request.query.rating);
      return marketMoves(app.db, request.query);
    },
  );

  app.get(
    MARKET_PATHS.newIssueVolume,
    primaryRoute({
      access: 'user',
      subscription: true,
      summary: 'New-issue volume by week and sector',
      querystring: newIssueVolumeQuerySchema,
      response: { 200: newIssueVolumeResponseSchema },
    }),
    async (request) => {
      const { day } = await marketAsOf(app.db);
      return cachedResult(app.db, `newIssues|${day}|${request.query.weeks}`, HISTORY_TTL_MS, () =>
        newIssueVolume(app.db, request.query.weeks),
      );
    },
  );
};

export default marketRoutes;
