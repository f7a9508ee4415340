import { successResponseSchema, type AnalyticsEventRequest } from '@kujiya/shared';
import { api } from '../api-client';

/** POST /api/analytics/event: fire and forget; a failed report is only logged. */
export function trackEvent(
  name: AnalyticsEventRequest['name'],
  properties?: AnalyticsEventRequest['properties'],
): void {
  api('/api/analytics/event', { method: 'POST', body: { name, properties }, schema: successResponseSchema }).catch(
    (error: unknown) => console.error('Analytics event not sent', error),
  );
}
