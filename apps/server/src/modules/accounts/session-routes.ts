import type { FastifyRequest } from 'fastify';
import {
  DEVICE_ID_HEADER,
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionIdParamsSchema,
  sessionMessages,
  sessionsResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import type { SignInClient } from './service.ts';

/** What a sign-in request says of its device (docs/rules/accounts.md, "Sessions and devices"). */
export function signInClient(request: FastifyRequest): SignInClient {
  const deviceId = request.headers[DEVICE_ID_HEADER];
  return {
    ip: request.ip,
    ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    ...(typeof deviceId === 'string' ? { deviceId } : {}),
  };
}

/** The shopper's devices page: list, "Log out" one session, "Log out everywhere else". */
export const sessionRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const accounts = services.accounts;
  const requireUser = ctx.guards.requireUser;

  app.get(
    '/users/sessions',
    { onRequest: requireUser, schema: { response: { 200: sessionsResponseSchema } } },
    async (request) => accounts.listSessions(request.user!, request.userToken!),
  );

  app.delete(
    '/users/sessions/:id',
    { onRequest: requireUser, schema: { params: sessionIdParamsSchema, response: { 200: endSessionResponseSchema } } },
    async (request) => {
      const { current } = await accounts.endSession(request.user!, request.userToken!, request.params.id);
      // The ended session's device stops receiving pushes too (docs/rules/notifications.md, "Push").
      await services.push.forgetSession(request.user!.id, request.params.id);
      return { message: sessionMessages.ended, current };
    },
  );

  app.delete(
    '/users/sessions',
    { onRequest: requireUser, schema: { response: { 200: endOtherSessionsResponseSchema } } },
    async (request) => {
      const ended = await accounts.endOtherSessions(request.user!, request.userToken!);
      await services.push.forgetOtherSessions(request.user!.id, request.userToken!.tokenId);
      return { message: sessionMessages.othersEnded, ended };
    },
  );
};
