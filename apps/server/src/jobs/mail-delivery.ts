import type { MailService } from '../modules/mail/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Queued mail goes out (docs/jobs.md): kicked after the commit that queued it, and
 * on the schedule for what a kick missed. Each mail row is claimed by one run, so a mail is sent once;
 * a mail's own failed tries are kept on its row (attempts, then `failed`), not in the job.
 */
export const mailDeliveryJob = (mail: MailService, everyMs: number): JobDefinition => ({
  name: JOB.mailDelivery,
  everyMs,
  retryLimit: 5,
  retryDelaySeconds: 10,
  run: () => mail.deliverQueued(),
});
