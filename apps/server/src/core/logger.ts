import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * The server's log: easy to read on a terminal (pino-pretty when stdout is a TTY), one JSON object per
 * line otherwise (for a log collector), each line naming its `instance` (INSTANCE_NAME) and, for a
 * request, its `reqId` (core/request-id.ts).
 */
export function loggerOptions(
  level: string,
  instance?: string,
  isTty = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  const base = instance ? { base: { pid: process.pid, hostname: os.hostname(), instance } } : {};
  if (!isTty) return { level, ...base };
  return {
    level,
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  };
}

/**
 * One line per request, at debug level (Fastify's own pair of lines per request at info would drown
 * the start log); a request that errored stays at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Nothing to build when the line would not be written (the default level is info).
    if (!error && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    const url = redactUrl(request.url);
    const line = { method: request.method, url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, `${request.method} ${url} ${reply.statusCode}`);
    else reply.log.debug(line, `${request.method} ${url} ${reply.statusCode}`);
  }
}

/** Secrets that travel in a path (a password-reset link's token) are cut out of request logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]');
}
