import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_PATHS, blogAuthorBodySchema, blogAuthorParamsSchema, blogAuthorsResponseSchema } from '../../../common/api/blog';
import { listAuthors, setAuthor } from '../../services/content/blog/authors';
import { adminErrors, adminRoute } from './adminRoute';

/** Who may write blog posts: admins always, and the users an admin marks here (audited). */
const adminBlogAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BLOG_PATHS.adminAuthors,
    adminRoute('Blog authors: administrators and the users marked as authors', {
      response: { 200: blogAuthorsResponseSchema, ...adminErrors },
    }),
    async () => ({ authors: await listAuthors(app.db) }),
  );

  app.put(
    '/admin/blog/authors/:id',
    adminRoute('Mark a user as a blog author, or no longer', {
      params: blogAuthorParamsSchema,
      body: blogAuthorBodySchema,
      response: { 204: z.null().describe('Saved'), ...adminErrors },
    }),
    async (request, reply) => {
      await setAuthor(app.db, request.user.userId, request.params.id, request.body.author);
      return reply.code(204).send(null);
    },
  );
};

export default adminBlogAuthorRoutes;
