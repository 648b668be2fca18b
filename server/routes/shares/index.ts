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

import { shareItem } from '../../services/shares/invite';
import { listShares, revokeShare, setSharePermission } from '../../services/shares/manage';
import { listColleagues } from '../../services/shares/people';
import { acceptShare, getShare, leaveShare } from '../../services/shares/respond';
import { defineRoutes } from '../defineRoute';

const config = { access: 'user', feature: 'sharing_collaboration' } as const;

/** Sharing and collaboration (/bw/share/…): invitations to view or edit an item, accepted by their recipient. */
const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'sharing' });

  app.get(
    SHARE_PATHS.shares,
    route({
      ...config,
      summary: 'What I shared and what is shared with me',
      response: { 200: shareListSchema },
      errors: [400, 404, 409, 410],
    }),
    async (request) => listShares(app.db, request.user.userId),
  );

  app.post(
    SHARE_PATHS.shares,
    route({
      ...config,
      summary: 'Share one of my items with colleagues (same organisation) to view or edit',
      description:
        'Each recipient gets a notification and an e-mail with the accept link. Sharing again with someone updates their invitation.',
      body: shareCreateBodySchema,
      response: { 201: shareCreateResponseSchema },
      errors: [404, 409, 410],
    }),
    async (request, reply) =>
      reply.code(201).send({ shares: await shareItem(app.db, app.config, request.user.userId, request.body, now()) }),
  );

  app.get(
    SHARE_PATHS.colleagues,
    route({ ...config, summary: 'Colleagues I may share with', response: { 200: colleaguesSchema }, errors: [400, 404, 409, 410] }),
    async (request) => ({ colleagues: await listColleagues(app.db, request.user.userId) }),
  );

  app.get(
    SHARE_PATHS.one.pattern,
    route({
      ...config,
      summary: 'One share, for its recipient or owner',
      description: 'Refused with 403 for anyone else, 410 once revoked, left or expired.',
      params: shareUuidParamsSchema,
      response: { 200: shareSchema },
      errors: [409, 410],
    }),
    async (request) => getShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.post(
    SHARE_PATHS.accept.pattern,
    route({
      ...config,
      summary: 'Accept a share sent to me: the item joins my lists',
      params: shareUuidParamsSchema,
      response: { 200: shareSchema },
      errors: [409, 410],
    }),
    async (request) => acceptShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.patch(
    SHARE_PATHS.one.pattern,
    route({
      ...config,
      summary: "Change a share's permission (owner)",
      params: shareUuidParamsSchema,
      body: shareUpdateBodySchema,
      response: { 200: shareSchema },
      errors: [409, 410],
    }),
    async (request) => setSharePermission(app.db, request.user.userId, request.params.uuid, request.body.permission, now()),
  );

  app.post(
    SHARE_PATHS.revoke.pattern,
    route({
      ...config,
      summary: 'Revoke a share (owner); it stops working at once',
      params: shareUuidParamsSchema,
      response: { 200: shareSchema },
      errors: [409, 410],
    }),
    async (request) => revokeShare(app.db, request.user.userId, request.params.uuid, now()),
  );

  app.post(
    SHARE_PATHS.leave.pattern,
    route({
      ...config,
      summary: 'Leave a share sent to me (or decline it)',
      params: shareUuidParamsSchema,
      response: { 200: shareSchema },
      errors: [409, 410],
    }),
    async (request) => leaveShare(app.db, request.user.userId, request.params.uuid, now()),
  );
};

export default shareRoutes;
