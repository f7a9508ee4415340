import { LIVE_MAX_CLIENT_FRAME_BYTES, liveClientMessageSchema, type LiveClientMessage } from '@kujiya/shared';
import { HttpError } from '../../core/http-errors.ts';
import type { ModuleRoutes } from '../../routes.ts';

export const TOO_MANY_SOCKETS = 'Too many live connections from this address.';

/**
 * GET /ws (on the shop's own port, outside /api): anyone may listen to the purchase banners; a
 * signed-in shopper sends `{ type: 'auth', token }` as the first message to get their own events
 * too (never the token in the URL, which ends up in logs); `{ type: 'watch', setIds }` (any time)
 * asks for those sets' live prize boards.
 */
function parseClientMessage(text: string): LiveClientMessage | undefined {
  try {
    const parsed = liveClientMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const liveRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { hub } = services.live;
  hub.start();
  app.addHook('onClose', async () => services.live.close());

  app.get(
    '/ws',
    {
      websocket: true,
      // Refused before the upgrade: the client gets a plain 429.
      preHandler: async (request) => {
        if (!hub.canAccept(request.ip)) throw new HttpError(429, TOO_MANY_SOCKETS);
      },
    },
    (socket, request) => {
      const client = hub.add(socket, request.ip);
      let firstMessage = true;
      socket.on('pong', () => hub.pong(client));
      socket.on('close', () => hub.remove(client));
      socket.on('error', () => hub.remove(client));
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
        const message = isBinary || bytes > LIVE_MAX_CLIENT_FRAME_BYTES ? undefined : parseClientMessage(String(data));
        // `auth` only as the first message; `watch` any time (docs/rules/live.md).
        if (!message || (message.type === 'auth' && !firstMessage)) {
          socket.close(1008, 'Bad message');
          return;
        }
        firstMessage = false;
        if (message.type === 'watch') {
          hub.boards.watch(client, message.setIds);
          return;
        }
        // An invalid or expired token leaves the socket anonymous: the banners still come.
        ctx.tokens
          .verify(message.token)
          .then((principal) => {
            if (principal?.role !== 'user') return;
            hub.authenticate(client, principal.id, message.token);
            hub.sendMessage(client, { type: 'authenticated' });
          })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'live socket authentication failed'));
      });
      hub.sendMessage(client, { type: 'connected', message: 'Connected to live updates' });
    },
  );
};
