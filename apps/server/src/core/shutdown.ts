import type { FastifyBaseLogger } from 'fastify';

interface Drainable {
  drain(): Promise<void>;
}

/**
 * SIGTERM or SIGINT starts the drain (docs/operations.md, "Graceful drain on deploys") and exits 0
 * when it is done; a second signal, a failed drain or the hard deadline (SHUTDOWN_TIMEOUT_SECONDS)
 * exits 1 at once.
 */
export function shutdownOnSignals(
  server: Drainable,
  options: { timeoutSeconds: number; log: FastifyBaseLogger; exit?: (code: number) => void },
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { log } = options;
  let received: string | undefined;
  const onSignal = (signal: string) => {
    if (received) {
      log.warn(`${signal} received again while draining: exiting now`);
      return exit(1);
    }
    received = signal;
    log.info(`${signal} received: draining, then shutting down`);
    setTimeout(() => {
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
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
