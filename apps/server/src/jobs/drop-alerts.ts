import type { DropAlertsService } from '../modules/drop-alerts/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * "Notify me" reminders 15 minutes before a set's opening and at it (docs/rules/drops.md): a sweep
 * that reads each round's opening as it is when it runs, so a moved opening needs no rescheduling;
 * each reminder is claimed on its alert row in the transaction that writes it, so it is sent once.
 */
export const dropAlertsJob = (dropAlerts: DropAlertsService, everyMs: number): JobDefinition => ({
  name: JOB.dropAlerts,
  everyMs,
  retryLimit: 5,
  retryDelaySeconds: 5,
  run: () => dropAlerts.sendDueReminders(),
});
