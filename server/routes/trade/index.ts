import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADE_PATHS, tradeListQuerySchema, tradeListResponseSchema } from '../../../common/api/trade';
import { notFound } from '../../plugins/errors';
import { bondExists } from '../../services/market/queries/bondDetail';
import { tradeTape } from '../../services/market/queries/trades';
import { defineRoutes } from '../defineRoute';

/** Recent trades market-wide or for one bond (TRACE-style, disseminated sizes). */
const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'trade' });

  app.get(
    TRADE_PATHS.trades,
    route({
      access: 'user',
      subscription: true,
      summary: 'Recent trades, newest first, market-wide or of one bond',
      querystring: tradeListQuerySchema,
      response: { 200: tradeListResponseSchema },
    }),
    async (request) => {
      const { bondId } = request.query;
      if (bondId !== undefined && !(await bondExists(app.db, bondId))) throw notFound(`Bond ${bondId} not found`);
      return tradeTape(app.db, request.query);
    },
  );
};

export default tradeRoutes;
