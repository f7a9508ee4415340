import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * The server's log: easy to read on a terminal (pino-pretty when stdout is a TTY), one JSON object per
 * line otherwise (for a log collector).
 */
export function loggerOptions(level: string, isTty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (!isTty) return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  };
}

/**
 * One line per request at debug level (Fastify's own pair of lines per request at info would drown the
 * start log); errors are logged at error by the error handler.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url} ${reply.statusCode}`,
    );
  });
}
