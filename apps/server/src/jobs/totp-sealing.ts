import type { TwoFactorService } from '../modules/two-factor/service.ts';
import { JOB } from './names.ts';
import { hourlyJob } from './hourly.ts';

/** Authenticator secrets stored before sealing are sealed (docs/rules/two-factor.md); a sealed one is left. */
export const totpSealingJob = (twoFactor: TwoFactorService) =>
  hourlyJob(JOB.totpSealing, async () => ({ sealed: await twoFactor.sealPlainSecrets() }));
