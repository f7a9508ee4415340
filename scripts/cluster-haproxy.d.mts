// Types of scripts/cluster-haproxy.mjs for the cluster tests (apps/server/src/test/cluster.ts).
export function haproxyInstalled(): boolean;
export const PER_SOURCE_CONNECTIONS: number;
export function haproxyConfig(options: {
  port: number;
  bind?: string;
  instances: Array<{ name: string; host?: string; port: number }>;
  statsSocket: string;
}): string;
export function haproxyCommand(statsSocket: string, command: string): Promise<string>;
export function serverStates(statsSocket: string): Promise<Record<string, string>>;
