import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackingResponseSchema, type TrackingResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/shipment/tracking: the courier's status text of one shipment. */
export function getShipmentTracking(orderNumber: string): Promise<TrackingResponse> {
  return api('/api/shipment/tracking', { method: 'POST', body: { orderNumber }, schema: trackingResponseSchema });
}

export const shipmentTrackingQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ['shipments', 'tracking', orderNumber],
    queryFn: () => getShipmentTracking(orderNumber),
    staleTime: 60_000,
  });

export function useShipmentTracking(orderNumber: string) {
  return useQuery(shipmentTrackingQuery(orderNumber));
}
