import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_PATHS, blogAuthorBodySchema, blogAuthorParamsSchema, blogAuthorsResponseSchema } from '../../../common/api/blog';
import { listAuthors, setAuthor } from '../../services/content/blog/authors';
import { defineRoutes } from '../defineRoute';

/** Who may write blog posts: admins always, and the users an admin marks here (audited). */
const adminBlogAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    BLOG_PATHS.adminAuthors,
    route({
      access: 'admin',
      summary: 'Blog authors: administrators and the users marked as authors',
      response: { 200: blogAuthorsResponseSchema },
      errors: [400, 404, 409],
    }),
    async () => ({ authors: await listAuthors(app.db) }),
  );

  app.put(
    BLOG_PATHS.adminAuthor.pattern,
    route({
      access: 'admin',
      summary: 'Mark a user as a blog author, or no longer',
      params: blogAuthorParamsSchema,
      body: blogAuthorBodySchema,
      response: { 204: z.null().describe('Saved') },
      errors: [409],
    }),
    async (request, reply) => {
      await setAuthor(app.db, request.user.userId, request.params.id, request.body.author);
      return reply.code(204).send(null);
    },
  );
};

export default adminBlogAuthorRoutes;
