import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_MAX_WAIT_MS, createBusyGate } from './busy-gate.ts';

/** A gate sampled every 100 ms that has seen `load` once, and a sender waiting at it since. */
async function senderWaiting(load: () => number) {
  const gate = createBusyGate({ utilisation: load, sampleMs: 100 });
  void gate.whenNotBusy();
  await vi.advanceTimersByTimeAsync(100);
  const sender = { through: false };
  void gate.whenNotBusy().then(() => (sender.through = true));
  return { gate, sender };
}

describe('the busy gate of background senders', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a sender through while the instance is quiet: the first after one look, the next at once', async () => {
    const gate = createBusyGate({ utilisation: () => 0.2, sampleMs: 100 });
    let first = false;
    void gate.whenNotBusy().then(() => (first = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(first).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first).toBe(true);
    let next = false;
    void gate.whenNotBusy().then(() => (next = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBe(true);
    gate.close();
  });

  it("holds the first sender of an instance that is busy from the start (a drop's first receipts)", async () => {
    let load = 1;
    const gate = createBusyGate({ utilisation: () => load, sampleMs: 100 });
    let through = false;
    void gate.whenNotBusy().then(() => (through = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(through).toBe(false);
    load = 0.1;
    await vi.advanceTimersByTimeAsync(200);
    expect(through).toBe(true);
    gate.close();
  });

  it('holds a sender while the event loop is busy and lets it go when the load drops', async () => {
    let load = 0.95;
    const { gate, sender } = await senderWaiting(() => load);
    expect(gate.isBusy()).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(sender.through).toBe(false);
    load = 0.3;
    await vi.advanceTimersByTimeAsync(200);
    expect(sender.through).toBe(true);
    gate.close();
  });

  it('never holds a sender longer than the longest wait, however busy', async () => {
    const { gate, sender } = await senderWaiting(() => 1);
    await vi.advanceTimersByTimeAsync(BUSY_MAX_WAIT_MS - 200);
    expect(sender.through).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(sender.through).toBe(true);
    gate.close();
  });

  it('lets waiting senders go on, and later ones through at once, once the instance shuts down', async () => {
    const { gate, sender } = await senderWaiting(() => 1);
    await vi.advanceTimersByTimeAsync(300);
    expect(sender.through).toBe(false);
    gate.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(sender.through).toBe(true);
    let later = false;
    void gate.whenNotBusy().then(() => (later = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  });
});
