import {
  ErrorCode,
  accountDeletionStatusSchema,
  adminAccountDeletionsSchema,
  dataExportFileName,
  dataExportSchema,
  deleteAccountRequestSchema,
  messageResponseSchema,
} from '@kujiya/shared';
import { accountLimits, passwordConfirmLimited } from '../accounts/service.ts';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/**
 * A shopper's personal data (docs/rules/personal-data.md): the export, the deletion request and its
 * cancel; the owner's list of pending deletions.
 */
export const personalDataRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { personalData } = services;
  const requireUser = ctx.guards.requireUser;

  // A download: the file's name carries the day, and nothing keeps a copy on the way.
  app.get(
    '/users/data-export',
    { onRequest: requireUser, schema: { response: { 200: dataExportSchema } } },
    async (request, reply) => {
      const data = await personalData.dataExport(request.user!.id);
      reply.header('Content-Disposition', `attachment; filename="${dataExportFileName(data.exportedAt.slice(0, 10))}"`);
      reply.header('Cache-Control', 'no-store');
      return data;
    },
  );

  app.get(
    '/users/delete-account',
    { onRequest: requireUser, schema: { response: { 200: accountDeletionStatusSchema } } },
    async (request) => ({ deletion: await personalData.deletionStatus(request.user!.id) }),
  );

  // The password is confirmed under the login's attempt limits (a stolen session cannot guess it).
  app.post(
    '/users/delete-account',
    {
      onRequest: requireUser,
      ...passwordConfirmLimited(ctx.limiter, 'delete-account', accountLimits.login),
      schema: { body: deleteAccountRequestSchema, response: { 200: accountDeletionStatusSchema } },
    },
    async (request) => ({
      deletion: await personalData.requestDeletion(request.user!.id, request.body.password),
    }),
  );

  app.delete(
    '/users/delete-account',
    {
      onRequest: requireUser,
      // No deletion pending to cancel.
      schema: { response: { 200: messageResponseSchema, ...errorAnswers({ 404: [ErrorCode.NOT_FOUND] }) } },
    },
    async (request) => {
      await personalData.cancelDeletion(request.user!.id);
      return { message: 'Deletion cancelled' };
    },
  );

  app.get(
    '/admin/account-deletions',
    { onRequest: ctx.guards.requireAdmin, schema: { response: { 200: adminAccountDeletionsSchema } } },
    async () => personalData.pendingDeletions(),
  );
};
