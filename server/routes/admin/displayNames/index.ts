import {
  ADMIN_DISPLAY_NAME_PATHS,
  displayNameDeleteQuerySchema,
  displayNameOverrideSchema,
  displayNameParamsSchema,
  displayNamePreviewResponseSchema,
  displayNamePreviewSchema,
  displayNamePutSchema,
  displayNamesQuerySchema,
  displayNamesResponseSchema,
  displayNameSubjectsQuerySchema,
  displayNameSubjectsResponseSchema,
} from '@common/api/adminDisplayNames';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminActor } from '../../../services/reference/common';
import {
  displayNameSubjects,
  listDisplayNames,
  previewDisplayName,
  removeDisplayName,
  setDisplayName,
} from '../../../services/reference/displayNames';
import { defineRoutes } from '../../defineRoute';

const actor = (request: FastifyRequest): AdminActor => ({ userId: request.user.userId, ip: request.ip ?? null });

/** Display-name overrides of issuers and bonds: list, find a subject, preview, set, remove. */
const adminDisplayNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_DISPLAY_NAME_PATHS.list,
    route({
      access: 'admin',
      summary: 'The display-name overrides in force',
      querystring: displayNamesQuerySchema,
      response: { 200: displayNamesResponseSchema },
      errors: [404, 409],
    }),
    async (request) => listDisplayNames(app.db, request.query),
  );

  app.get(
    ADMIN_DISPLAY_NAME_PATHS.subjects,
    route({
      access: 'admin',
      summary: 'Issuers or bonds to name, with their override',
      querystring: displayNameSubjectsQuerySchema,
      response: { 200: displayNameSubjectsResponseSchema },
      errors: [404, 409],
    }),
    async (request) => displayNameSubjects(app.db, request.query.type, request.query.q),
  );

  app.post(
    ADMIN_DISPLAY_NAME_PATHS.preview,
    route({
      access: 'admin',
      summary: 'The bond-table rows a display name would change, before and after (nothing saved)',
      body: displayNamePreviewSchema,
      response: { 200: displayNamePreviewResponseSchema },
      errors: [404, 409],
    }),
    async (request) => previewDisplayName(app.db, request.body),
  );

  app.put(
    ADMIN_DISPLAY_NAME_PATHS.override.pattern,
    route({
      access: 'admin',
      summary: "Set an issuer's or a bond's display name in tables (409 when stale); audited",
      params: displayNameParamsSchema,
      body: displayNamePutSchema,
      response: { 200: displayNameOverrideSchema },
      errors: [409],
    }),
    async (request) => setDisplayName(app.db, actor(request), request.params.subjectType, request.params.subjectId, request.body, now()),
  );

  app.delete(
    ADMIN_DISPLAY_NAME_PATHS.override.pattern,
    route({
      access: 'admin',
      summary: 'Remove an override: the reference name shows again (409 when stale); audited',
      params: displayNameParamsSchema,
      querystring: displayNameDeleteQuerySchema,
      response: { 204: z.null() },
      errors: [409],
    }),
    async (request, reply) => {
      await removeDisplayName(app.db, actor(request), request.params.subjectType, request.params.subjectId, request.query.version);
      return reply.code(204).send(null);
    },
  );
};

export default adminDisplayNameRoutes;
