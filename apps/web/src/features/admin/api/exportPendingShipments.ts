import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage';

/**
 * POST /api/admin/shipments/export-pending: a PDF, so read as a blob rather than parsed JSON. A
 * failure carries the server's JSON message (404 when nothing is pending).
 */
export async function exportPendingShipments(): Promise<Blob> {
  const token = localStorage.getItem(storageKeys.adminToken);
  const response = await fetch('/api/admin/shipments/export-pending', {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(response.status, typeof body.message === 'string' ? body.message : response.statusText, body);
  }
  return response.blob();
}

export const useExportPendingShipments = () => useMutation({ mutationFn: exportPendingShipments });
