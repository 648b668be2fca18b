import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  MEDIA_MAX_BYTES,
  MEDIA_PATHS,
  mediaFileParamsSchema,
  mediaFileQuerySchema,
  mediaIdParamsSchema,
  mediaItemSchema,
  mediaListSchema,
  mediaUploadQuerySchema,
} from '../../../common/api/media';
import { bodyRefusal } from '../../../common/api/shared';
import { badRequest, HttpError } from '../../plugins/errors';
import { deleteMedia, listMedia, readMedia, replaceMedia, uploadMedia } from '../../services/content/media';
import { mediaTokenRefusal } from '../../services/content/media/links';
import { createMediaStore } from '../../services/content/media/store';
import { defineRoutes } from '../defineRoute';

/**
 * The media library (admin `media`) and its signed links `{media host}/{path}?jwt={token}`.
 * Uploads are the file's bytes as the body (application/octet-stream), the name in the query.
 */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });
  const { route: mediaRoute } = defineRoutes(app, { tag: 'media' });

  const store = await createMediaStore(app.config);
  app.addHook('onClose', () => store.close?.());
  const ctx = () => ({ store, secret: app.config.jwtSecret, publicUrl: app.config.publicUrl, now: app.now() });
  // Raw bytes only in this plugin's routes, up to the media limit (Fastify answers 413 above it).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  const bytesOf = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body))
      throw badRequest(bodyRefusal('file', 'must be sent as the body, with Content-Type application/octet-stream'));
    return body;
  };

  app.get(
    MEDIA_PATHS.admin,
    route({ access: 'admin', summary: 'The media library with signed links', response: { 200: mediaListSchema }, errors: [400, 404, 409] }),
    async () => ({
      items: await listMedia(app.db, ctx()),
    }),
  );

  app.post(
    MEDIA_PATHS.admin,
    route({
      access: 'admin',
      summary: 'Upload an image (PNG, JPEG, GIF, WebP) or a PDF; the type is read from the bytes',
      consumes: ['application/octet-stream'],
      querystring: mediaUploadQuerySchema,
      response: { 201: mediaItemSchema },
      errors: [404, 409, 413],
    }),
    async (request, reply) =>
      reply.code(201).send(await uploadMedia(app.db, request.user.userId, request.query.name, bytesOf(request.body), ctx())),
  );

  app.put(
    MEDIA_PATHS.adminOne.pattern,
    route({
      access: 'admin',
      summary: 'Replace a file with new bytes of the same type (its links keep working)',
      consumes: ['application/octet-stream'],
      params: mediaIdParamsSchema,
      querystring: mediaUploadQuerySchema,
      response: { 200: mediaItemSchema },
      errors: [409, 413],
    }),
    async (request) => replaceMedia(app.db, request.user.userId, request.params.id, request.query.name, bytesOf(request.body), ctx()),
  );

  app.delete(
    MEDIA_PATHS.adminOne.pattern,
    route({
      access: 'admin',
      summary: 'Delete a file (409 while a published post uses it)',
      params: mediaIdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
      errors: [409],
    }),
    async (request, reply) => {
      await deleteMedia(app.db, request.user.userId, request.params.id, ctx());
      return reply.code(204).send(null);
    },
  );

  app.get(
    MEDIA_PATHS.file.pattern,
    // The signed token is the permission: links work in <img> tags, feeds and e-mail, without a session.
    mediaRoute({
      access: 'public',
      summary: 'A media file through its signed link (the token names the path and expires)',
      params: mediaFileParamsSchema,
      querystring: mediaFileQuerySchema,
    }),
    async (request, reply) => {
      const { year, month, file: name } = request.params;
      const path = `${year}/${month}/${name}`;
      const refusal = await mediaTokenRefusal(app.config.jwtSecret, request.query.jwt, path, app.now());
      if (refusal) throw new HttpError(403, refusal);
      const file = await readMedia(app.db, store, path);
      if (!file) throw new HttpError(404, 'No such media file');
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', file.mime === 'application/pdf' ? 'attachment' : 'inline')
        .send(file.bytes);
    },
  );
};

export default mediaRoutes;
