import { useEffect, useState } from 'react';
import { verifyShipmentResponseSchema, type VerifyShipmentResponse } from '@kujiya/shared';
import { api } from './api-client';
import { clearPendingShipmentId, clearShippingPaymentState, readPendingShipmentId } from './shipping-payment';

/** POST /api/payment/verify-shipment/{orderId}: asks the server to settle a shipment payment left pending. */
export function verifyShipment(shipmentId: string): Promise<VerifyShipmentResponse> {
  return api(`/api/payment/verify-shipment/${encodeURIComponent(shipmentId)}`, {
    method: 'POST',
    schema: verifyShipmentResponseSchema,
  });
}

/**
 * On return to the orders or shipments page: a shipment payment still marked pending in session
 * storage is verified once. Answers true when it turned out paid (the page shows its success state).
 * The mark is dropped once the server gave a definite answer; a network failure keeps it for next time.
 */
export function usePendingShipmentVerification(onSettled?: () => void): boolean {
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    const shipmentId = readPendingShipmentId();
    if (!shipmentId) return;
    let active = true;
    verifyShipment(shipmentId)
      .then((answer) => {
        clearPendingShipmentId();
        if (answer.success) clearShippingPaymentState();
        if (active && answer.success) {
          setVerified(true);
          onSettled?.();
        }
      })
      .catch((error: unknown) => {
        // 4xx: the shipment is gone or not the shopper's; nothing left to verify.
        if (typeof error === 'object' && error && 'status' in error && Number(error.status) < 500)
          clearPendingShipmentId();
      });
    return () => {
      active = false;
    };
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return verified;
}
