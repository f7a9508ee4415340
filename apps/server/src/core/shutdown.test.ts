import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { shutdownHandler } from './shutdown.ts';

const log = pino({ level: 'silent' });

/** The exit codes the handler asked for, and a promise of the first. */
function recordExits() {
  const codes: number[] = [];
  let first: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (first = resolve));
  return {
    codes,
    exited,
    exit: (code: number) => {
      codes.push(code);
      first(code);
    },
  };
}

describe('the shutdown on signals', () => {
  it('exits 0 once the drain is done', async () => {
    const exits = recordExits();
    shutdownHandler({ drain: async () => {} }, { timeoutSeconds: 30, log, exit: exits.exit })('SIGTERM');
    expect(await exits.exited).toBe(0);
  });

  it('exits 1 at once on a second signal, and 1 when the drain fails', async () => {
    const second = recordExits();
    const onSignal = shutdownHandler(
      { drain: () => new Promise(() => {}) },
      { timeoutSeconds: 30, log, exit: second.exit },
    );
    onSignal('SIGTERM');
    onSignal('SIGINT');
    expect(await second.exited).toBe(1);

    const failed = recordExits();
    shutdownHandler(
      { drain: () => Promise.reject(new Error('pool stuck')) },
      { timeoutSeconds: 30, log, exit: failed.exit },
    )('SIGTERM');
    expect(await failed.exited).toBe(1);
  });

  it('exits 1 at the hard deadline when the drain never ends', async () => {
    const exits = recordExits();
    shutdownHandler({ drain: () => new Promise(() => {}) }, { timeoutSeconds: 0.05, log, exit: exits.exit })('SIGTERM');
    expect(await exits.exited).toBe(1);
  });
});
