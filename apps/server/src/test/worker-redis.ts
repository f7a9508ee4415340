// Test files run in parallel workers (vitest.config.ts `maxWorkers`). Each worker gets a Redis database
// of its own, and with it its own live channel (the channel carries the database number) and its own
// rate-limit keys: two files running at once never see each other's events or counters.
const url = process.env.TEST_REDIS_URL;
const worker = Number(process.env.VITEST_POOL_ID ?? 0);
if (url && worker > 0) {
  const own = new URL(url);
  own.pathname = `/${8 + (worker % 8)}`;
  process.env.TEST_REDIS_URL = own.toString();
}
