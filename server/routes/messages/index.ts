import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../../common/api/shared';
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

const tags = ['primary-messages'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** The whole area is the feature: without it every call is 403 naming it. */
const config = { access: 'user', feature: 'primary_deal_messaging' } as const;

/** Primary deal messaging (spec §4 Messages, §7): senders are checked by the service. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { user: { userId: string; isAdmin: boolean } }) => ({
    userId: request.user.userId,
    isAdmin: request.user.isAdmin,
  });
  const now = () => new Date(app.now());

  app.post(
    MESSAGE_PATHS.query,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The messages the caller may see (addressed to them or written by them; admins all), newest first',
        description: 'Optional body `did`: deal ids to narrow to.',
        body: messageQueryBodySchema,
        response: { 200: messageListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      messages: await queryMessages(app.db, caller(request), request.body.did),
      canSend: await maySend(app.db, caller(request)),
    }),
  );

  app.post(
    MESSAGE_PATHS.create,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Send a message on a deal to its followers, organisation types or named organisations (syndicate/DCM at a sell-side organisation, admins)',
        body: messageCreateBodySchema,
        response: { 201: dealMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createMessage(app.db, caller(request), request.body, now())),
  );

  app.post(
    MESSAGE_PATHS.markRead,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Mark messages addressed to the caller read (all or none)',
        body: markReadBodySchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({ marked: await markRead(app.db, caller(request), request.body.ids, now()) }),
  );

  app.post(
    MESSAGE_PATHS.checkRecipients,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'How many people a recipient choice reaches, before sending (senders only)',
        body: checkRecipientsBodySchema,
        response: { 200: recipientCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ count: await countRecipients(app.db, caller(request), request.body.dealId, request.body.recipients) }),
  );

  app.put(
    '/v2/primary/message/:messageId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Edit a message (its author or an admin; audited)',
        params: messageIdParamsSchema,
        body: messageUpdateBodySchema,
        response: { 200: dealMessageSchema, ...errors },
      },
    },
    async (request) => updateMessage(app.db, caller(request), request.params.messageId, request.body.message, now()),
  );

  app.delete(
    '/v2/primary/message/:messageId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a message (its author or an admin; audited)',
        params: messageIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteMessage(app.db, caller(request), request.params.messageId);
      return { message: 'Message deleted' };
    },
  );

  app.get(
    MESSAGE_PATHS.follows,
    { config, schema: { tags, security, summary: 'The deals the caller follows', response: { 200: followListResponseSchema, ...errors } } },
    async (request) => ({ dealIds: await followedDeals(app.db, request.user.userId) }),
  );

  for (const following of [true, false]) {
    const register = following ? app.put.bind(app) : app.delete.bind(app);
    register(
      '/v2/primary/message/follow/:dealId',
      {
        config,
        schema: {
          tags,
          security,
          summary: following ? "Follow a deal's messages" : 'Stop following a deal',
          params: followParamsSchema,
          response: { 200: followResponseSchema, ...errors },
        },
      },
      async (request) => {
        await setFollowing(app.db, caller(request), request.params.dealId, following, now());
        return { dealId: request.params.dealId, following };
      },
    );
  }
};

export default messageRoutes;
