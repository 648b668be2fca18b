import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../common/api/shared';
import {
  checkRecipientsBodySchema,
  dealMessageSchema,
  followListResponseSchema,
  followParamsSchema,
  followResponseSchema,
  markReadBodySchema,
  markReadResponseSchema,
  MESSAGE_PATHS,
  messageCreateBodySchema,
  messageIdParamsSchema,
  messageListResponseSchema,
  messageQueryBodySchema,
  messageUpdateBodySchema,
  recipientCountResponseSchema,
} from '../../../common/api/messages';
import {
  countRecipients,
  createMessage,
  deleteMessage,
  followedDeals,
  markRead,
  queryMessages,
  setFollowing,
  updateMessage,
} from '../../services/messaging/messages';
import { maySend } from '../../services/messaging/access';
import { defineRoutes } from '../defineRoute';

/** The whole area is the feature: without it every call is 403 naming it. */
const config = { access: 'user', feature: 'primary_deal_messaging' } as const;

/** Primary deal messaging (spec §4 Messages, §7): senders are checked by the service. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'primary-messages' });

  const caller = (request: { user: { userId: string; isAdmin: boolean } }) => ({
    userId: request.user.userId,
    isAdmin: request.user.isAdmin,
  });

  app.post(
    MESSAGE_PATHS.query,
    route({
      ...config,
      summary: 'The messages the caller may see (addressed to them or written by them; admins all), newest first',
      description: 'Optional body `did`: deal ids to narrow to.',
      body: messageQueryBodySchema,
      response: { 200: messageListResponseSchema },
      errors: [404],
    }),
    async (request) => ({
      messages: await queryMessages(app.db, caller(request), request.body.did),
      canSend: await maySend(app.db, caller(request)),
    }),
  );

  app.post(
    MESSAGE_PATHS.create,
    route({
      ...config,
      summary:
        'Send a message on a deal to its followers, organisation types or named organisations (syndicate/DCM at a sell-side organisation, admins)',
      body: messageCreateBodySchema,
      response: { 201: dealMessageSchema },
      errors: [404],
    }),
    async (request, reply) => reply.code(201).send(await createMessage(app.db, caller(request), request.body, now())),
  );

  app.post(
    MESSAGE_PATHS.markRead,
    route({
      ...config,
      summary: 'Mark messages addressed to the caller read (all or none)',
      body: markReadBodySchema,
      response: { 200: markReadResponseSchema },
      errors: [404],
    }),
    async (request) => ({ marked: await markRead(app.db, caller(request), request.body.ids, now()) }),
  );

  app.post(
    MESSAGE_PATHS.checkRecipients,
    route({
      ...config,
      summary: 'How many people a recipient choice reaches, before sending (senders only)',
      body: checkRecipientsBodySchema,
      response: { 200: recipientCountResponseSchema },
      errors: [404],
    }),
    async (request) => ({ count: await countRecipients(app.db, caller(request), request.body.dealId, request.body.recipients) }),
  );

  app.put(
    MESSAGE_PATHS.message.pattern,
    route({
      ...config,
      summary: 'Edit a message (its author or an admin; audited)',
      params: messageIdParamsSchema,
      body: messageUpdateBodySchema,
      response: { 200: dealMessageSchema },
    }),
    async (request) => updateMessage(app.db, caller(request), request.params.messageId, request.body.message, now()),
  );

  app.delete(
    MESSAGE_PATHS.message.pattern,
    route({
      ...config,
      summary: 'Delete a message (its author or an admin; audited)',
      params: messageIdParamsSchema,
      response: { 200: messageResponseSchema },
    }),
    async (request) => {
      await deleteMessage(app.db, caller(request), request.params.messageId);
      return { message: 'Message deleted' };
    },
  );

  app.get(
    MESSAGE_PATHS.follows,
    route({ ...config, summary: 'The deals the caller follows', response: { 200: followListResponseSchema }, errors: [400, 404] }),
    async (request) => ({ dealIds: await followedDeals(app.db, request.user.userId) }),
  );

  for (const following of [true, false]) {
    const register = following ? app.put.bind(app) : app.delete.bind(app);
    register(
      MESSAGE_PATHS.follow.pattern,
      route({
        ...config,
        summary: following ? "Follow a deal's messages" : 'Stop following a deal',
        params: followParamsSchema,
        response: { 200: followResponseSchema },
      }),
      async (request) => {
        await setFollowing(app.db, caller(request), request.params.dealId, following, now());
        return { dealId: request.params.dealId, following };
      },
    );
  }
};

export default messageRoutes;
