import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHARE_PATHS,
  colleaguesSchema,
  shareCreateBodySchema,
  shareCreateResponseSchema,
  shareListSchema,
  shareSchema,
  shareUpdateBodySchema,
  shareUuidParamsSchema,
} from '../../../common/api/shares';
import { errorResponseSchema } from '../../../common/api/shared';
import { shareItem } from '../../services/shares/invite';
import { listShares, revokeShare, setSharePermission } from '../../services/shares/manage';
import { listColleagues } from '../../services/shares/people';
import { acceptShare, getShare, leaveShare } from '../../services/shares/respond';

const tags = ['sharing'];
const security = [{ bearer: [] }];
const config = { access: 'user', feature: 'sharing_collaboration' } as const;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
};

/** Sharing and collaboration (/bw/share/…): invitations to view or edit an item, accepted by their recipient. */
const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.now());

  app.get(
    SHARE_PATHS.shares,
    {
      config,
      schema: { tags, security, summary: 'What I shared and what is shared with me', response: { 200: shareListSchema, ...errors } },
    },
    async (request) => listShares(app.db, request.user.userId),
  );

  app.post(
    SHARE_PATHS.shares,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Share one of my items with colleagues (same organisation) to view or edit',
        description:
          'Each recipient gets a notification and an e-mail with the accept link. Sharing again with someone updates their invitation.',
        body: shareCreateBodySchema,
        response: { 201: shareCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ shares: await shareItem(app.db, app.config, request.user.userId, request.body, now()) }),
  );

  app.get(
    SHARE_PATHS.colleagues,
    { config, schema: { tags, security, summary: 'Colleagues I may share with', response: { 200: colleaguesSchema, ...errors } } },
    async (request) => ({ colleagues: await listColleagues(app.db, request.user.userId) }),
  );

  app.get(
    '/v2/share/:uuid',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One share, for its recipient or owner',
        description: 'Refused with 403 for anyone else, 410 once revoked, left or expired.',
        params: shareUuidParamsSchema,
        response: { 200: shareSchema, ...errors },
      },
    },
    async (request) => getShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.post(
    '/v2/share/:uuid/accept',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Accept a share sent to me: the item joins my lists',
        params: shareUuidParamsSchema,
        response: { 200: shareSchema, ...errors },
      },
    },
    async (request) => acceptShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.patch(
    '/v2/share/:uuid',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Change a share's permission (owner)",
        params: shareUuidParamsSchema,
        body: shareUpdateBodySchema,
        response: { 200: shareSchema, ...errors },
      },
    },
    async (request) => setSharePermission(app.db, request.user.userId, request.params.uuid, request.body.permission, now()),
  );

  app.post(
    '/v2/share/:uuid/revoke',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoke a share (owner); it stops working at once',
        params: shareUuidParamsSchema,
        response: { 200: shareSchema, ...errors },
      },
    },
    async (request) => revokeShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.post(
    '/v2/share/:uuid/leave',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Leave a share sent to me (or decline it)',
        params: shareUuidParamsSchema,
        response: { 200: shareSchema, ...errors },
      },
    },
    async (request) => leaveShare(app.db, request.user.userId, request.params.uuid, now()),
  );
};

export default shareRoutes;
