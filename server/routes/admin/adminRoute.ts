import { errorResponseSchema } from '@common/api/shared';

/** The refusals every admin route documents: bad input, anonymous, not admin, unknown, stale or conflicting. */
export const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** An admin route's options: admin access (decided before validation), tagged and documented in OpenAPI. */
export function adminRoute<S extends object>(summary: string, schema: S) {
  return {
    config: { access: 'admin' as const },
    schema: { tags: ['admin'], summary, security: [{ bearer: [] }], ...schema },
  };
}
