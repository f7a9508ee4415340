import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountMessages,
  changePasswordRequestSchema,
  checkEmailRequestSchema,
  createUserRequestSchema,
  createVerificationRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  updateProfileFieldsSchema,
  verifyCodeRequestSchema,
  type MessageResponse,
  type VerifyCodeResponse,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { notFound } from '../../core/http-errors.ts';
import { readMultipartForm } from '../../core/multipart.ts';
import { accountLimits, loginLimited, rateLimited } from './rate-limits.ts';
import type { ProfileImage } from './service.ts';

const usernameParamSchema = z.object({ username: z.string().min(1).max(100) });
const tokenParamSchema = z.object({ token: z.string().max(200) });

/** Reads update-profile's multipart form (or a JSON body): text fields plus the `profileImage` file. */
async function readProfileForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; image?: ProfileImage }> {
  if (!request.isMultipart()) return { fields: (request.body as Record<string, unknown> | undefined) ?? {} };
  const { fields, file } = await readMultipartForm(request, { fileField: 'profileImage', tooLargeMessage: 'Profile picture must be at most 5 MB.' });
  return { fields, image: file && { bytes: file.bytes, contentType: file.contentType } };
}

/** Shopper accounts: spec 000 §7 and spec 001 §7 (the paths and payloads as written there). */
export const accountsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const accounts = services.accounts;
  const requireUser = ctx.guards.requireUser;

  // The default picture and the first admin (ADMIN_USERNAME) exist before the server takes requests.
  app.addHook('onReady', async () => accounts.ensureStartupData());

  app.post('/users/check-email', rateLimited(ctx.limiter, 'check-email', accountLimits.checkEmail), async (request) => {
    const { email } = parseInput(checkEmailRequestSchema, request.body);
    await accounts.checkEmailAvailable(email);
    return { available: true as const };
  });

  app.post(
    '/verification/create',
    rateLimited(ctx.limiter, 'send-code', accountLimits.sendCode),
    async (request): Promise<MessageResponse> => {
      const { email, process } = parseInput(createVerificationRequestSchema, request.body);
      await accounts.sendCode(email, process ?? 'signup');
      return { message: accountMessages.codeSent };
    },
  );

  app.post(
    '/verification/verify',
    rateLimited(ctx.limiter, 'check-code', accountLimits.checkCode),
    async (request): Promise<VerifyCodeResponse> => {
      const { email, code, process } = parseInput(verifyCodeRequestSchema, request.body);
      const result = await accounts.verifyCode(email, code, process);
      return { message: accountMessages.codeVerified, ...result };
    },
  );

  app.post('/users/create', rateLimited(ctx.limiter, 'sign-up', accountLimits.signUp), async (request, reply) => {
    const input = parseInput(createUserRequestSchema, request.body);
    return reply.status(201).send(await accounts.createUser(input));
  });

  app.post('/users/login', loginLimited(ctx.limiter, 'login', accountLimits.login, accounts.loginAccountKey), async (request) => {
    const { username, password } = parseInput(loginRequestSchema, request.body);
    return accounts.login(username, password);
  });

  // With a valid token, logout revokes that token only (the shopper's other devices stay signed in);
  // without one there is nothing to end, and the answer is the same.
  app.get('/users/logout', { preHandler: ctx.guards.optionalUser }, async (request): Promise<MessageResponse> => {
    if (request.userToken) await accounts.logout(request.userToken);
    return { message: accountMessages.loggedOut };
  });

  /** The session's user (the web checks a stored token with it). */
  app.get('/users/me', { preHandler: requireUser }, async (request) => {
    const account = await accounts.getAccount(request.user!.id);
    if (!account) throw notFound(accountMessages.userNotFound);
    return { username: account.username, profilePicture: account.profilePicture };
  });

  app.post(
    '/users/forgot-password',
    rateLimited(ctx.limiter, 'forgot-password', accountLimits.forgotPassword),
    async (request): Promise<MessageResponse> => {
      const { email } = parseInput(forgotPasswordRequestSchema, request.body);
      await accounts.forgotPassword(email);
      return { message: accountMessages.resetLinkSent };
    },
  );

  app.post(
    '/users/reset-password/:token',
    rateLimited(ctx.limiter, 'reset-password', accountLimits.resetPassword),
    async (request): Promise<MessageResponse> => {
      const { token } = parseInput(tokenParamSchema, request.params);
      const { password } = parseInput(resetPasswordRequestSchema, request.body);
      await accounts.resetPassword(token, password);
      return { message: accountMessages.passwordResetDone };
    },
  );

  app.post(
    '/users/change-password',
    rateLimited(ctx.limiter, 'change-password', accountLimits.changePassword),
    async (request): Promise<MessageResponse> => {
      const { email, resetToken, password } = parseInput(changePasswordRequestSchema, request.body);
      await accounts.changePassword(email, resetToken, password);
      return { message: accountMessages.passwordResetDone };
    },
  );

  app.get('/users/details/:username', { preHandler: requireUser }, async (request) => {
    const { username } = parseInput(usernameParamSchema, request.params);
    return accounts.getDetails(request.user!, username);
  });

  app.get('/users/shipping-address/:username', { preHandler: requireUser }, async (request) => {
    const { username } = parseInput(usernameParamSchema, request.params);
    return accounts.getShippingAddress(request.user!, username);
  });

  app.post('/users/update-profile', { preHandler: requireUser }, async (request) => {
    const { fields, image } = await readProfileForm(request);
    const input = parseInput(updateProfileFieldsSchema, fields);
    return accounts.updateProfile(request.user!, input, image);
  });
};
