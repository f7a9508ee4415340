import http from 'node:http';

/**
 * Reads through one node:http Agent with `keepAlive: true`, as a server-side client or a long-lived
 * script reuses its connections (docs/operations.md, "The cluster on this machine"): several loops share
 * the agent's pool, so a request often goes out on a connection that sat idle for a while. A read that
 * gets no answer ("socket hang up", a reset) or anything but 200 is a failure.
 */
export interface KeepAliveReport {
  reads: number;
  /** Reads sent on a connection an earlier request had used. */
  reusedConnections: number;
  failures: Array<{ path: string; error: string; reused: boolean; at: number }>;
}

function get(agent: http.Agent, url: URL, authorization?: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: authorization ? { authorization } : {}, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
  });
}

export function startKeepAliveReaders(options: {
  url: string;
  paths: Array<{ path: string; authorization?: string }>;
}) {
  const agent = new http.Agent({ keepAlive: true });
  const report: KeepAliveReport = { reads: 0, reusedConnections: 0, failures: [] };
  let running = true;

  async function loop(path: string, authorization: string | undefined, index: number) {
    while (running) {
      try {
        const { status, reused } = await get(agent, new URL(path, options.url), authorization);
        if (reused) report.reusedConnections += 1;
        if (status !== 200) report.failures.push({ path, error: `status ${status}`, reused, at: Date.now() });
      } catch (error) {
        const reused = Boolean((error as { reused?: boolean }).reused);
        report.failures.push({ path, error: String(error), reused, at: Date.now() });
      }
      report.reads += 1;
      // Uneven pauses, so the pool's connections are used unevenly and some sit idle between reads.
      await new Promise((resolve) => setTimeout(resolve, 5 + ((report.reads * 37 + index * 101) % 400)));
    }
  }

  const loops = options.paths.map(({ path, authorization }, i) => loop(path, authorization, i));
  return {
    report,
    async stop(): Promise<KeepAliveReport> {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return report;
    },
  };
}
