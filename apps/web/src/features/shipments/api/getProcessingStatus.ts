import { queryOptions, useQuery } from '@tanstack/react-query';
import { processingStatusResponseSchema, type ProcessingStatusResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** Polling interval of the shipment's processing status. */
export const PROCESSING_STATUS_POLL_MS = 2000;

/** GET /api/shipment/processing-status/{shipmentId}: pending until the gateway's signed event arrives. */
export function getProcessingStatus(shipmentId: string): Promise<ProcessingStatusResponse> {
  return api(`/api/shipment/processing-status/${encodeURIComponent(shipmentId)}`, {
    schema: processingStatusResponseSchema,
  });
}

export const processingStatusQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: ['shipments', 'processing-status', shipmentId],
    queryFn: () => getProcessingStatus(shipmentId),
    staleTime: 0,
  });

/** Polls every 2 s while `enabled`, until the shipment is completed or failed. */
export function useProcessingStatus(shipmentId: string, enabled: boolean) {
  return useQuery({
    ...processingStatusQuery(shipmentId),
    enabled,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pending' ? false : PROCESSING_STATUS_POLL_MS,
  });
}
