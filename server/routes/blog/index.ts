import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  BLOG_FEED_ENTRIES,
  BLOG_PATHS,
  blogListQuerySchema,
  blogPostCreateBodySchema,
  blogPostIdParamsSchema,
  blogPostListSchema,
  blogPostRefParamsSchema,
  blogPostSchema,
  blogPostUpdateBodySchema,
} from '../../../common/api/blog';
import { atomFeed } from '../../services/content/blog/feed';
import { getPost, listPosts } from '../../services/content/blog/read';
import { createPost, updatePost } from '../../services/content/blog/write';
import { defineRoutes } from '../defineRoute';

const feature = 'blog' as const;

/** The blog (feature `blog`): reading for everyone with the feature, writing for authors. */
const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'blog' });

  const ctx = () => ({ now: now(), publicUrl: app.config.publicUrl });

  app.get(
    BLOG_PATHS.posts,
    route({
      access: 'user',
      feature,
      summary: 'Published posts, newest first, with tag filter, search and paging',
      querystring: blogListQuerySchema,
      response: { 200: blogPostListSchema },
      errors: [404],
    }),
    async (request) => listPosts(app.db, request.query, ctx()),
  );

  app.get(
    BLOG_PATHS.manage,
    route({
      access: 'user',
      feature,
      summary: 'Every post the caller may edit (drafts, scheduled, archived); authors only',
      querystring: blogListQuerySchema,
      response: { 200: blogPostListSchema },
      errors: [404],
    }),
    async (request) => listPosts(app.db, request.query, ctx(), request.user),
  );

  app.get(
    BLOG_PATHS.post.pattern,
    route({
      access: 'user',
      feature,
      summary: 'One post by id, slug or former slug (answered with the current slug)',
      params: blogPostRefParamsSchema,
      response: { 200: blogPostSchema },
    }),
    async (request) => getPost(app.db, request.params.ref, request.user, ctx()),
  );

  app.post(
    BLOG_PATHS.posts,
    route({
      access: 'user',
      feature,
      summary: 'Write a post (authors: admins and users an admin marks)',
      body: blogPostCreateBodySchema,
      response: { 201: blogPostSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createPost(app.db, request.user, request.body, ctx())),
  );

  app.patch(
    BLOG_PATHS.postById.pattern,
    route({
      access: 'user',
      feature,
      summary: 'Edit, publish, schedule or archive a post (its author or an admin)',
      params: blogPostIdParamsSchema,
      body: blogPostUpdateBodySchema,
      response: { 200: blogPostSchema },
      errors: [409],
    }),
    async (request) => updatePost(app.db, request.user, request.params.id, request.body, ctx()),
  );

  app.get(
    BLOG_PATHS.feed,
    route({ access: 'public', summary: 'Atom feed of the public published posts (no sign-in, for feed readers)' }),
    async (_request, reply) =>
      reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await atomFeed(app.db, ctx(), BLOG_FEED_ENTRIES)),
  );
};

export default blogRoutes;
