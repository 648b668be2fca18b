import {
  ADMIN_ONBOARDING_PATHS,
  onboardingApproveBodySchema,
  onboardingAssignBodySchema,
  onboardingQueueSchema,
  onboardingRejectBodySchema,
} from '@common/api/adminOnboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveSignup, assignSignup, onboardingQueue, rejectSignup } from '../../../services/accounts/onboarding';
import { kickOutbox } from '../../../services/accounts/outboxKick';
import { defineRoutes } from '../../defineRoute';

const params = z.object({ userId: z.string().min(1).max(100) });

/** The onboarding queue (/bw/admin/users/onboarding): approve, assign or reject sign-ups on no organisation's domain. */
const adminOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  const answer = async () => onboardingQueue(app.db);

  app.get(
    ADMIN_ONBOARDING_PATHS.queue,
    route({
      access: 'admin',
      summary: 'Sign-ups waiting for approval or an organisation, oldest first',
      response: { 200: onboardingQueueSchema },
      errors: [400, 404, 409],
    }),
    answer,
  );

  app.post(
    ADMIN_ONBOARDING_PATHS.approve.pattern,
    route({
      access: 'admin',
      summary: 'Approve a sign-up as it is',
      params,
      body: onboardingApproveBodySchema,
      response: { 200: onboardingQueueSchema },
      errors: [409],
    }),
    async (request) => {
      await approveSignup(app.db, { userId: request.user.userId, ip: request.ip }, request.params.userId, request.body.version, now());
      return answer();
    },
  );

  app.post(
    ADMIN_ONBOARDING_PATHS.assign.pattern,
    route({
      access: 'admin',
      summary: 'Put a sign-up in an organisation (e-mailed to them)',
      params,
      body: onboardingAssignBodySchema,
      response: { 200: onboardingQueueSchema },
      errors: [409],
    }),
    async (request) => {
      const { version, organizationId } = request.body;
      await assignSignup(
        app.db,
        app.config,
        { userId: request.user.userId, ip: request.ip },
        request.params.userId,
        version,
        organizationId,
        now(),
      );
      kickOutbox(app);
      return answer();
    },
  );

  app.post(
    ADMIN_ONBOARDING_PATHS.reject.pattern,
    route({
      access: 'admin',
      summary: 'Reject a sign-up with a message e-mailed to them (the account is locked)',
      params,
      body: onboardingRejectBodySchema,
      response: { 200: onboardingQueueSchema },
      errors: [409],
    }),
    async (request) => {
      const { version, message } = request.body;
      await rejectSignup(
        app.db,
        app.config,
        { userId: request.user.userId, ip: request.ip },
        request.params.userId,
        version,
        message,
        now(),
      );
      kickOutbox(app);
      return answer();
    },
  );
};

export default adminOnboardingRoutes;
