import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCURACY_PATHS, accuracyQuerySchema, accuracyReportSchema } from '../../../common/api/accuracy';
import { accuracyReport } from '../../services/accuracy/report';
import { defineRoutes } from '../defineRoute';

/** The evaluated-price backtest's tables (docs/market-data.md "Accuracy"): for every user with a subscription. */
const accuracyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'market' });

  app.get(
    ACCURACY_PATHS.accuracy,
    route({
      access: 'user',
      subscription: true,
      expensive: true,
      summary: 'Accuracy of evaluated prices against the next trade, beside last-trade and previous-close baselines',
      querystring: accuracyQuerySchema,
      response: { 200: accuracyReportSchema },
    }),
    async (request) => accuracyReport(app.db, request.query),
  );
};

export default accuracyRoutes;
