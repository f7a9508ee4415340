import type { PushService } from '../modules/push/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Queued pushes go out (docs/jobs.md): kicked after the commit that queued them, and on the schedule
 * for what a kick missed. Each push row is claimed by one run, so a device gets each push once; a
 * push's own failed tries are kept on its row.
 */
export const pushDeliveryJob = (push: PushService, everyMs: number): JobDefinition => ({
  name: JOB.pushDelivery,
  everyMs,
  retryLimit: 5,
  retryDelaySeconds: 10,
  run: () => push.deliverQueued(),
});
