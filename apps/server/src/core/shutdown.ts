import type { FastifyBaseLogger } from 'fastify';

interface Drainable {
  drain(): Promise<void>;
}

/**
 * SIGTERM or SIGINT starts the drain (docs/operations.md, "Graceful drain on deploys") and exits 0
 * when it is done; a second signal, a failed drain or the hard deadline (SHUTDOWN_TIMEOUT_SECONDS)
 * exits 1 at once.
 */
export function shutdownOnSignals(server: Drainable, options: ShutdownOptions): void {
  const onSignal = shutdownHandler(server, options);
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

interface ShutdownOptions {
  timeoutSeconds: number;
  log: FastifyBaseLogger;
  exit?: (code: number) => void;
}

/** What a signal does: the first drains (exit 0 when done, 1 on failure or at the deadline), the next exits 1. */
export function shutdownHandler(server: Drainable, options: ShutdownOptions): (signal: string) => void {
  const { log } = options;
  let received: string | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const exit = (code: number) => {
    clearTimeout(deadline);
    if (options.exit) options.exit(code);
    else process.exit(code);
  };
  const onSignal = (signal: string) => {
    if (received) {
      log.warn(`${signal} received again while draining: exiting now`);
      return exit(1);
    }
    received = signal;
    log.info(`${signal} received: draining, then shutting down`);
    deadline = setTimeout(() => {
      log.error(`shutdown took longer than ${options.timeoutSeconds} s: exiting now`);
      exit(1);
    }, options.timeoutSeconds * 1000);
    server.drain().then(
      () => exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  return onSignal;
}
