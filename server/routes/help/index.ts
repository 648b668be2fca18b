import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  HELP_PATHS,
  helpArticleQuerySchema,
  helpArticleSchema,
  helpArticlesQuerySchema,
  helpArticlesResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '../../../common/api/help';
import { callerFeatures } from '../../plugins/entitlements';
import { getHelpArticle, listHelpArticles } from '../../services/content/help';
import { searchContent } from '../../services/content/search';
import { defineRoutes } from '../defineRoute';

/** The help centre (feature `help`) and search across help and the blog. */
const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'help' });

  app.get(
    HELP_PATHS.articles,
    route({
      access: 'user',
      feature: 'help',
      summary: 'Help articles, guides and workflows (no bodies), by section and position',
      querystring: helpArticlesQuerySchema,
      response: { 200: helpArticlesResponseSchema },
      errors: [404],
    }),
    async (request) => ({ articles: await listHelpArticles(app.db, request.query.kind) }),
  );

  app.get(
    HELP_PATHS.article,
    route({
      access: 'user',
      feature: 'help',
      summary: 'One help article by its nested path, as sanitised HTML',
      querystring: helpArticleQuerySchema,
      response: { 200: helpArticleSchema },
      errors: [404],
    }),
    async (request) => getHelpArticle(app.db, request.query.path),
  );

  app.get(
    HELP_PATHS.search,
    route({
      access: 'user',
      summary: 'Full-text search over help (feature help) and published blog posts (feature blog), best first',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const features = await callerFeatures(request);
      const scope = { help: features.has('help'), blog: features.has('blog'), now: now() };
      return { results: await searchContent(app.db, request.query.q, request.query.limit, scope) };
    },
  );
};

export default helpRoutes;
