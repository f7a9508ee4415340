// Types of scripts/cluster-monitoring.mjs for the alerting cluster test (apps/server/src/core/alerting.cluster.test.ts).
export function monitoringBinaries():
  { prometheus: string; alertmanager: string; error?: undefined } | { error: string };
export function startMonitoring(options: {
  dir: string;
  basePort: number;
  instances: Array<{ name: string; metrics: string }>;
  log?: (line: string) => void;
  env?: Record<string, string | undefined>;
}): Promise<{ prometheus: string; alertmanager: string; stop: () => Promise<void> }>;
