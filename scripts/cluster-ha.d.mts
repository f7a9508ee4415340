// Types of scripts/cluster-ha.mjs for the failover and recovery tests (apps/server/src/test/ha-cluster.ts).
export interface HaPostgresNode {
  name: string;
  port: number;
  dataDir: string;
  restApi: string;
}
export function haInstalled(): boolean;
export function startHaDatabase(options: {
  dir: string;
  basePort: number;
  log?: (line: string) => void;
}): Promise<{ databaseUrl: string; postgres: HaPostgresNode[]; stop: () => Promise<void> }>;
export function restStatus(restApi: string, endpoint: string): Promise<number>;
export function postgresHaproxyConfig(options: {
  port: number;
  nodes: Array<{ name: string; port: number; restPort: number }>;
}): string;
