import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ADDRESS_INCOMPLETE_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
  SHIPMENT_FAILURE_MESSAGE,
  SHIPPING_PAYMENT_WINDOW_MS,
  isShippableCountry,
  isShippingAddressComplete,
  shippingFeeCents,
  type CreateShippingIntentRequest,
  type CreateShippingIntentResponse,
  type ProcessingStatusResponse,
  type VerifyShipmentResponse,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { WINDOW_CLOSED, type ShipmentState } from './shipment-state.ts';
import { shipments } from './tables.ts';
import { lines, units } from './views.ts';

export const SHIPPING_PURPOSE = 'shipping';
export const OTHER_ADDRESS_PHONE_MESSAGE = "Please enter the receiver's phone number.";

type Receiver = {
  fullName: string;
  country: string;
  postalCode: string;
  unitNumber: string;
  fullAddress: string;
  contact: string;
};

interface CheckoutDeps {
  state: ShipmentState;
  inventory: InventoryService;
  payments: PaymentsService;
  accounts: AccountsService;
}

/** Shipping checkout (docs/rules/fulfilment.md): the receiver, the units locked, the fee, the card payment and where it stands. */
export class ShippingCheckout {
  private readonly ctx: AppContext;
  private readonly state: CheckoutDeps['state'];
  private readonly inventory: CheckoutDeps['inventory'];
  private readonly payments: CheckoutDeps['payments'];
  private readonly accounts: CheckoutDeps['accounts'];

  constructor(ctx: AppContext, deps: CheckoutDeps) {
    this.ctx = ctx;
    this.state = deps.state;
    this.inventory = deps.inventory;
    this.payments = deps.payments;
    this.accounts = deps.accounts;
  }

  /** Resolves the receiver: the complete profile address, or the one given; Singapore only. */
  private async receiverOf(user: Principal, input: CreateShippingIntentRequest): Promise<Receiver> {
    const account = await this.accounts.getAccount(this.ctx.db, user.id);
    if (!account) throw notFound('User not found');
    let address: Omit<Receiver, 'contact'>;
    if (input.useProfileAddress) {
      const profile = account.shippingAddress;
      if (!isShippingAddressComplete(profile)) throw badRequest(ADDRESS_INCOMPLETE_MESSAGE);
      address = {
        fullName: profile.fullName!,
        country: profile.country,
        postalCode: profile.postalCode!,
        unitNumber: profile.unitNumber!,
        fullAddress: profile.fullAddress!,
      };
    } else {
      const missing = (['fullName', 'fullAddress', 'unitNumber', 'postalCode'] as const).filter((k) => !input[k]);
      if (missing.length > 0) throw badRequest(`${missing.join(', ')}: required for another address`);
      address = {
        fullName: input.fullName!,
        country: (input.country || 'SG').toUpperCase(),
        postalCode: input.postalCode!,
        unitNumber: input.unitNumber!,
        fullAddress: input.fullAddress!,
      };
    }
    if (!isShippableCountry(address.country)) throw badRequest(NOT_SHIPPABLE_MESSAGE);
    // Another address carries its receiver's phone; the profile's is the fallback (docs/rules/fulfilment.md).
    const contact = (!input.useProfileAddress && input.phoneNumber) || account.phoneNumber;
    if (!contact) throw badRequest(input.useProfileAddress ? SHIPMENT_FAILURE_MESSAGE : OTHER_ADDRESS_PHONE_MESSAGE);
    return { ...address, contact };
  }

  /** Locks the chosen units and records the unpaid shipment with its fee (in the caller's transaction). */
  private async openShipment(
    tx: Tx,
    user: Principal,
    input: CreateShippingIntentRequest,
    receiver: Receiver,
    at: { shipmentId: string; now: Date; expiresAt: Date },
  ) {
    const { shipmentId, now, expiresAt } = at;
    const taken = await this.inventory.lockUnits(tx, user.id, units(input.inventoryItems), 'shipment', shipmentId);
    const bigPrizes = taken.filter((t) => t.prizeType === 'Big').reduce((n, t) => n + t.quantity, 0);
    const smallPrizes = taken.filter((t) => t.prizeType === 'Small').reduce((n, t) => n + t.quantity, 0);
    const shippingFee = shippingFeeCents(bigPrizes, smallPrizes);
    await tx.insert(shipments).values({
      id: shipmentId,
      userId: user.id,
      status: 'awaiting_payment',
      paymentIntentId: `pending:${shipmentId}`,
      bigPrizes,
      smallPrizes,
      shippingFee,
      items: lines(taken),
      receiverName: receiver.fullName,
      receiverContact: receiver.contact,
      receiverUnit: receiver.unitNumber,
      receiverFullAddress: receiver.fullAddress,
      receiverPostcode: receiver.postalCode,
      receiverCountry: receiver.country,
      expiresAt,
      courierStatus: 'none',
      createdAt: now,
    });
    return { bigPrizes, smallPrizes, shippingFee };
  }

  /** The shopper's shipment, ended first if its window has closed. */
  private async freshShipment(user: Principal, shipmentId: string) {
    await this.state.ownShipment(user, shipmentId);
    await this.state.expireIfDue(shipmentId);
    return this.state.ownShipment(user, shipmentId);
  }

  /** POST /api/payment/shipping/create-intent */
  createShippingIntent = async (
    user: Principal,
    input: CreateShippingIntentRequest,
  ): Promise<CreateShippingIntentResponse> => {
    const receiver = await this.receiverOf(user, input);
    const shipmentId = crypto.randomUUID();
    const now = this.ctx.clock.now();
    const expiresAt = new Date(now.getTime() + SHIPPING_PAYMENT_WINDOW_MS);
    const breakdown = await this.ctx.db.transaction((tx) =>
      this.openShipment(tx, user, input, receiver, { shipmentId, now, expiresAt }),
    );
    try {
      const intent = await this.payments.createIntent(
        { purpose: SHIPPING_PURPOSE, userId: user.id, amountCents: breakdown.shippingFee, metadata: { shipmentId } },
        async (tx, created) => {
          await tx.update(shipments).set({ paymentIntentId: created.id }).where(eq(shipments.id, shipmentId));
        },
      );
      return {
        clientSecret: intent.clientSecret,
        shipmentId,
        shippingBreakdown: breakdown,
        expiresAt: expiresAt.toISOString(),
      };
    } catch (error) {
      await this.state.cancelIfUnpaid(shipmentId, 'The payment could not be started.');
      throw error;
    }
  };

  /** GET /api/shipment/processing-status/{shipmentId} */
  processingStatus = async (user: Principal, shipmentId: string): Promise<ProcessingStatusResponse> => {
    const row = await this.freshShipment(user, shipmentId);
    if (row.status === 'paid') return { status: 'completed', error: null };
    if (row.status === 'cancelled') return { status: 'failed', error: row.lastError ?? WINDOW_CLOSED };
    const intent = await this.payments.getIntent(this.ctx.db, row.paymentIntentId);
    if (intent?.status === 'failed') return { status: 'failed', error: intent.lastError ?? 'The payment failed.' };
    return { status: 'pending', error: null };
  };

  /** POST /api/payment/verify-shipment/{orderId}: where the shipment kept in session storage stands. */
  verifyShipment = async (user: Principal, shipmentId: string): Promise<VerifyShipmentResponse> => {
    const row = await this.freshShipment(user, shipmentId);
    if (row.status === 'paid') return { success: true, message: 'Shipment payment confirmed.' };
    if (row.status === 'cancelled') return { success: false, message: row.lastError ?? WINDOW_CLOSED };
    return { success: false, message: 'Shipment payment is still processing.' };
  };
}
