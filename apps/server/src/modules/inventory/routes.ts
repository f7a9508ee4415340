import {
  ErrorCode,
  abandonRequestSchema,
  inventoryResponseSchema,
  messageOnlyResponseSchema,
  usernameParamsSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/** The shopper's own inventory (another username: 403) and abandoning units. */
export const inventoryRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { inventory, accounts, fulfilment } = services;

  app.get(
    '/inventory/user/:username',
    {
      onRequest: ctx.guards.requireUser,
      schema: { params: usernameParamsSchema, response: { 200: inventoryResponseSchema } },
    },
    async (request) => {
      const account = await accounts.requireSelf(request.user!, request.params.username);
      // Units of a shipment whose payment window lapsed are back before the list is read.
      await fulfilment.expireShipments(account.id);
      return inventory.inventoryOf(account.id);
    },
  );

  app.post(
    '/inventory/abandon',
    {
      onRequest: ctx.guards.requireUser,
      config: { idempotent: true },
      schema: {
        body: abandonRequestSchema,
        response: { 200: messageOnlyResponseSchema, ...errorAnswers({ 404: [ErrorCode.ITEM_NOT_FOUND] }) },
      },
    },
    async (request) => {
      const { units } = await inventory.abandon(request.user!.id, request.body.items);
      return { message: `${units} item${units === 1 ? '' : 's'} abandoned.` };
    },
  );
};
