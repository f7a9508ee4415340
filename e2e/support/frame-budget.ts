import os from 'node:os';

/**
 * The longest frame a tear may take. 32 ms (two frames at 60 Hz) is the goal on a machine that is not
 * busy; on a 2-core box already running more than it has cores for (CI running beside other work),
 * software rendering stalls for reasons outside the page, so the test only guards against a frozen
 * tear there (150 ms) and prints the real figure. The goal itself is measured by the trace test's
 * summary file, not enforced under load.
 */
export function tearFrameBudgetMs(): number {
  const busy = os.loadavg()[0] > os.cpus().length;
  const budget = busy ? 150 : 32;
  console.log(`Frame budget ${budget} ms (1-minute load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  return budget;
}
