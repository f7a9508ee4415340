import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@kujiya/shared';

export const REQUEST_TIMEOUT_MESSAGE = 'The request did not arrive in time.';

/**
 * A request must arrive whole in time (docs/rules/security.md, "Request size and time"). Node's
 * `requestTimeout` answers 408 to headers that trickle in, but once the headers are in it no longer
 * watches the body: a client sending a login body one byte every 2 s held its connection for minutes.
 * This hook gives the body the same time after its headers: when the request is still incomplete
 * then, the answer is 408 and the connection closes (a body read by a route itself, a multipart form,
 * is cut off the same way; so is the rest of a body whose request was already answered).
 */
export function enforceBodyDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Only a request that announces a body has one still to come (an upgrade to the live socket has none).
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (raw.complete || !hasBody) return done();
    const timer = setTimeout(() => {
      if (raw.complete || raw.readableEnded) return;
      if (!reply.sent)
        void reply
          .code(408)
          .header('connection', 'close')
          .send({ message: REQUEST_TIMEOUT_MESSAGE, code: ErrorCode.REQUEST_TIMEOUT });
      // Answered early (a 403 before the body): Node would go on reading the rest to reuse the connection.
      else if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
