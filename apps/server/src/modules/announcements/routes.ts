import {
  announcementIdParamsSchema,
  announcementInputSchema,
  announcementSchema,
  announcementsResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const announcementsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { announcements } = services;

  // Public: the banner on every shop page.
  app.get('/announcements', { schema: { response: { 200: announcementsResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { announcements: await announcements.current() };
  });

  app.get(
    '/admin/announcements',
    { onRequest: ctx.guards.requireAdmin, schema: { response: { 200: announcementsResponseSchema } } },
    async () => ({ announcements: await announcements.list() }),
  );

  app.post(
    '/admin/announcements',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { body: announcementInputSchema, response: { 201: announcementSchema } },
    },
    async (request, reply) => reply.code(201).send(await announcements.create(request.admin!, request.body)),
  );

  app.put(
    '/admin/announcements/:announcementId',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        params: announcementIdParamsSchema,
        body: announcementInputSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) => announcements.update(request.admin!, request.params.announcementId, request.body),
  );
};
