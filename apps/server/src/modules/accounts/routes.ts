import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  accountMessages,
  authResponseSchema,
  changePasswordRequestSchema,
  checkEmailRequestSchema,
  checkEmailResponseSchema,
  createUserRequestSchema,
  createVerificationRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  resetTokenParamsSchema,
  sessionUserSchema,
  shippingAddressResponseSchema,
  updateProfileFieldsSchema,
  updateProfileResponseSchema,
  userDetailsSchema,
  usernameParamsSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { checkInput } from '../../core/validate.ts';
import { notFound } from '../../core/http-errors.ts';
import { acceptMultipartForms, readMultipartForm } from '../../core/multipart.ts';
import { accountLimits, loginLimited, rateLimited } from './rate-limits.ts';
import type { ProfileImage } from './service.ts';
import { signInClient } from './session-routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/** Reads update-profile's multipart form (or a JSON body): text fields plus the `profileImage` file. */
async function readProfileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image?: ProfileImage }> {
  if (!request.isMultipart()) return { fields: (request.body as Record<string, unknown> | undefined) ?? {} };
  const { fields, file } = await readMultipartForm(request, {
    fileField: 'profileImage',
    tooLargeMessage: 'Profile picture must be at most 5 MB.',
  });
  return { fields, image: file && { bytes: file.bytes, contentType: file.contentType } };
}

/** Shopper accounts: sign-up, login, password recovery, profile (docs/rules/accounts.md). */
export const accountsRoutes: ModuleRoutes = async (app, { ctx, services }) => {
  // The profile form carries the profile picture.
  await acceptMultipartForms(app);
  const accounts = services.accounts;
  const requireUser = ctx.guards.requireUser;

  // The default picture and the first admin (ADMIN_USERNAME) exist before the server takes requests.
  app.addHook('onReady', async () => accounts.ensureStartupData());

  app.post(
    '/users/check-email',
    {
      ...rateLimited(ctx.limiter, 'check-email', accountLimits.checkEmail),
      schema: {
        body: checkEmailRequestSchema,
        response: { 200: checkEmailResponseSchema, ...errorAnswers({ 409: [ErrorCode.EMAIL_TAKEN] }) },
      },
    },
    async (request) => {
      await accounts.checkEmailAvailable(request.body.email);
      return { available: true as const };
    },
  );

  app.post(
    '/verification/create',
    {
      ...rateLimited(ctx.limiter, 'send-code', accountLimits.sendCode),
      schema: {
        body: createVerificationRequestSchema,
        response: {
          200: messageResponseSchema,
          ...errorAnswers({ 409: [ErrorCode.EMAIL_TAKEN], 502: [ErrorCode.UPSTREAM_FAILED] }),
        },
      },
    },
    async (request) => {
      const { email, process } = request.body;
      await accounts.sendCode(email, process ?? 'signup');
      return { message: accountMessages.codeSent };
    },
  );

  app.post(
    '/verification/verify',
    {
      ...rateLimited(ctx.limiter, 'check-code', accountLimits.checkCode),
      schema: { body: verifyCodeRequestSchema, response: { 200: verifyCodeResponseSchema } },
    },
    async (request) => {
      const { email, code, process } = request.body;
      const result = await accounts.verifyCode(email, code, process);
      return { message: accountMessages.codeVerified, ...result };
    },
  );

  app.post(
    '/users/create',
    {
      ...rateLimited(ctx.limiter, 'sign-up', accountLimits.signUp),
      schema: {
        body: createUserRequestSchema,
        response: {
          201: authResponseSchema,
          ...errorAnswers({ 409: [ErrorCode.USERNAME_TAKEN, ErrorCode.EMAIL_TAKEN] }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.createUser(request.body, signInClient(request))),
  );

  app.post(
    '/users/login',
    {
      ...loginLimited(ctx.limiter, 'login', accountLimits.login, accounts.loginAccountKey),
      schema: {
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          ...errorAnswers({ 401: [ErrorCode.INVALID_LOGIN], 403: [ErrorCode.ACCOUNT_DISABLED] }),
        },
      },
    },
    async (request) => accounts.login(request.body.username, request.body.password, signInClient(request)),
  );

  // With a valid token, logout revokes that token only (the shopper's other devices stay signed in);
  // without one there is nothing to end, and the answer is the same.
  app.get(
    '/users/logout',
    { onRequest: ctx.guards.optionalUser, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      if (request.userToken) {
        await accounts.logout(request.userToken);
        // This device's push subscription ends with its session (docs/rules/notifications.md, "Push").
        await services.push.forgetSession(request.user!.id, request.userToken.tokenId);
      }
      return { message: accountMessages.loggedOut };
    },
  );

  /** The session's user (the web checks a stored token with it). */
  app.get(
    '/users/me',
    { onRequest: requireUser, schema: { response: { 200: sessionUserSchema } } },
    async (request) => {
      const account = await accounts.getAccount(ctx.db, request.user!.id);
      if (!account) throw notFound(accountMessages.userNotFound);
      return { username: account.username, profilePicture: account.profilePicture };
    },
  );

  app.post(
    '/users/forgot-password',
    {
      ...rateLimited(ctx.limiter, 'forgot-password', accountLimits.forgotPassword),
      schema: {
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorAnswers({ 502: [ErrorCode.UPSTREAM_FAILED] }) },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email);
      return { message: accountMessages.resetLinkSent };
    },
  );

  app.post(
    '/users/reset-password/:token',
    {
      ...rateLimited(ctx.limiter, 'reset-password', accountLimits.resetPassword),
      schema: {
        params: resetTokenParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await accounts.resetPassword(request.params.token, request.body.password);
      // Every session ended with the reset, and with them their devices' pushes.
      await services.push.forgetOtherSessions(userId);
      return { message: accountMessages.passwordResetDone };
    },
  );

  // A signed-in shopper changing their own password keeps this session; every other one ends.
  app.post(
    '/users/change-password',
    {
      onRequest: ctx.guards.optionalUser,
      ...rateLimited(ctx.limiter, 'change-password', accountLimits.changePassword),
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { email, resetToken, password } = request.body;
      const caller =
        request.user && request.userToken ? { userId: request.user.id, tokenId: request.userToken.tokenId } : undefined;
      const { userId, keptTokenId } = await accounts.changePassword(email, resetToken, password, caller);
      // The devices of the sessions that ended stop receiving pushes; the caller's keeps them.
      await services.push.forgetOtherSessions(userId, keptTokenId);
      return { message: accountMessages.passwordResetDone };
    },
  );

  app.get(
    '/users/details/:username',
    { onRequest: requireUser, schema: { params: usernameParamsSchema, response: { 200: userDetailsSchema } } },
    async (request) => accounts.getDetails(request.user!, request.params.username),
  );

  app.get(
    '/users/shipping-address/:username',
    {
      onRequest: requireUser,
      schema: { params: usernameParamsSchema, response: { 200: shippingAddressResponseSchema } },
    },
    async (request) => accounts.getShippingAddress(request.user!, request.params.username),
  );

  // Multipart: the form is read here (a declared body cannot describe a file part); the text fields are
  // checked with the same shared schema.
  app.post(
    '/users/update-profile',
    {
      onRequest: requireUser,
      schema: {
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: updateProfileResponseSchema, ...errorAnswers({ 409: [ErrorCode.USERNAME_TAKEN] }) },
      },
    },
    async (request) => {
      const { fields, image } = await readProfileForm(request);
      const checked = checkInput(updateProfileFieldsSchema, fields);
      return accounts.updateProfile(request.user!, checked, image, request.userToken?.tokenId);
    },
  );
};
