import {
  pushPreferencesSchema,
  pushPreferencesUpdateSchema,
  pushSubscriptionSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
  vapidPublicKeySchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** Web Push (docs/rules/notifications.md, "Push"): the key, a device's subscription, the per-kind toggles. */
export const pushRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { push } = services;

  app.get('/push/vapid-public-key', { schema: { response: { 200: vapidPublicKeySchema } } }, async () => ({
    publicKey: await push.publicKey(),
  }));

  app.post(
    '/push/subscriptions',
    {
      onRequest: ctx.guards.requireUser,
      schema: { body: pushSubscriptionSchema, response: { 200: pushSubscriptionStateSchema } },
    },
    async (request) => {
      await push.subscribe(request.user!.id, request.userToken?.tokenId ?? null, request.body);
      return { subscribed: true };
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: ctx.guards.requireUser,
      schema: { body: pushUnsubscribeSchema, response: { 200: pushSubscriptionStateSchema } },
    },
    async (request) => {
      await push.unsubscribe(request.user!.id, request.body.endpoint);
      return { subscribed: false };
    },
  );

  const preferencesRoute = { onRequest: ctx.guards.requireUser };
  app.get(
    '/push/preferences',
    { ...preferencesRoute, schema: { response: { 200: pushPreferencesSchema } } },
    async (request) => push.preferences(request.user!.id),
  );
  app.put(
    '/push/preferences',
    { ...preferencesRoute, schema: { body: pushPreferencesUpdateSchema, response: { 200: pushPreferencesSchema } } },
    async (request) => push.updatePreferences(request.user!.id, request.body.preferences),
  );
};
