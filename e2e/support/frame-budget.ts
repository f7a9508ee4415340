import os from 'node:os';

/**
 * The longest frame a tear may take. 32 ms (two frames at 60 Hz) is the goal on a machine that is not
 * busy; on a 2-core box already running more than it has cores for (CI running beside other work),
 * software rendering stalls for reasons outside the page (as it does with another browser file
 * running beside it on two cores), so the test only guards against a frozen
 * tear there (150 ms, more in proportion past two runnable processes a core, at most 600 ms) and prints
 * the real figure. The goal itself is measured by the trace test's
 * summary file, not enforced under load.
 */
export function tearFrameBudgetMs(): number {
  // Browser files run two at a time (vitest.config.ts): another file's Chromium shares the cores.
  const sharing = Number(process.env.E2E_FILES_AT_ONCE ?? 1) > 1 && os.cpus().length <= 2;
  const loadPerCore = os.loadavg()[0] / os.cpus().length;
  const busy = sharing || loadPerCore > 1;
  // Past two runnable processes a core, a stall grows with the queue (350 ms seen at load 12 on 2 cores);
  // 600 ms still fails a tear that freezes.
  const budget = busy ? Math.min(600, Math.round(150 * Math.max(1, loadPerCore / 2))) : 32;
  console.log(`Frame budget ${budget} ms (1-minute load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  return budget;
}
