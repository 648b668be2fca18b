import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../common/api/shared';
import {
  NOTIFICATION_PATHS,
  pollQuerySchema,
  pollResponseSchema,
  pushKeyResponseSchema,
  visitBodySchema,
} from '../../../common/api/notifications';
import { vapidKeys } from '../../services/notifications/push';
import { unauthorized } from '../../plugins/errors';
import { SESSION_ENDED } from '../../services/accounts/sessions';
import { registerStatusBadgeProvider } from '../../services/accounts';
import { notificationBadges, recordSectionVisit } from '../../services/notifications/badges';
import { pollNotifications } from '../../services/notifications/poll';
import { defineRoutes } from '../defineRoute';

registerStatusBadgeProvider(notificationBadges);

/** The notification long-poll (spec §4, §7) and the section visit that clears badges. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'notifications' });

  app.get(
    NOTIFICATION_PATHS.poll,
    route({
      access: 'user',
      summary: 'Long-poll: notifications newer than the cursor, at once or as soon as one arrives',
      description:
        'Answers at once with what is newer than `cursor` (within the last 7 days), otherwise holds the request until a notification for the caller arrives on any instance, or ~25 s pass (then an empty answer). Without a cursor: the newest notifications and the cursor to send next. 401 when the token expires during the hold.',
      querystring: pollQuerySchema,
      response: { 200: pollResponseSchema },
    }),
    async (request, reply) => {
      const gone = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
      const outcome = await pollNotifications(app.db, app.notificationHub, app.pollTimers, app.now, {
        userId: request.user.userId,
        sessionId: request.user.sessionId,
        cursor: request.query.cursor,
        holdMs: app.config.notificationPollHoldMs,
        expiresAt: request.user.expiresAt,
        gone,
      });
      if (outcome.kind === 'expired') throw unauthorized('Your session expired; sign in again');
      if (outcome.kind === 'session ended') throw unauthorized(SESSION_ENDED);
      return { notifications: outcome.notifications, cursor: outcome.cursor };
    },
  );

  app.get(
    NOTIFICATION_PATHS.pushKey,
    route({
      access: 'user',
      summary: 'The VAPID public key for browser push subscriptions',
      response: { 200: pushKeyResponseSchema },
      errors: [400],
    }),
    async () => ({ publicKey: vapidKeys(app.config).publicKey }),
  );

  app.post(
    NOTIFICATION_PATHS.visit.pattern,
    route({
      access: 'user',
      account: 'own',
      summary: "The caller opened a menu section: its 'new since the last visit' badges clear",
      params: z.object({ id: z.string().min(1).max(100) }),
      body: visitBodySchema,
      response: { 200: messageResponseSchema },
    }),
    async (request) => {
      await recordSectionVisit(app.db, request.user.userId, request.body.section, now());
      return { message: 'Visit recorded' };
    },
  );
};

export default notificationRoutes;
