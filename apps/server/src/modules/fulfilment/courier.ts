import crypto from 'node:crypto';
import type { Config } from '../../config.ts';

/** What the courier needs of a paid shipment. */
export interface CourierParcel {
  reference: string;
  content: string;
  /** Declared value in cents. */
  valueCents: number;
  weightKg: number;
  receiver: { name: string; contact: string; unit: string; address: string; postcode: string; country: string };
}

export interface CourierBooking {
  /** The courier's order number (EasyParcel `order_number`). */
  orderId: string;
}

export interface CourierAwb {
  awbNumber: string;
  awbLink: string | null;
  trackingUrl: string | null;
}

/** A failure the job may retry (network, timeout, 5xx, an API error answer). */
export class CourierError extends Error {}

/**
 * The one courier contract: submit an order, pay it (which yields the AWB, its label link and the
 * tracking page), and read a parcel's status. Calls are slow and may fail: they never run inside a
 * database transaction (the fulfilment job calls them between transactions).
 */
export interface Courier {
  readonly name: string;
  submitOrder(parcel: CourierParcel): Promise<CourierBooking>;
  payOrder(orderId: string): Promise<CourierAwb>;
  /** `shop.shippedAt`: when the shop handed the parcel over (the test courier's only source of movement). */
  parcelStatus(orderId: string, shop?: { shippedAt: Date | null }): Promise<{ status: string; awb: CourierAwb | null }>;
}

/** The shop's pick-up address sent with every EasyParcel order. */
const SENDER = {
  pick_name: 'Kujiya',
  pick_contact: '61234567',
  pick_addr1: '1 Kujiya Street',
  pick_code: '049145',
  pick_country: 'SG',
};

interface EasyParcelAnswer<T> {
  api_status?: string;
  error_code?: string;
  error_remark?: string;
  result?: T[];
}

/**
 * EasyParcel's classic API (EPSubmitOrderBulk, EPPayOrderBulk, EPParcelStatusBulk): form-encoded POSTs
 * to `{base}/?ac={action}` with the API key in `api` and the orders in `bulk[n][...]`.
 */
export class EasyParcelCourier implements Courier {
  readonly name = 'easyparcel';
  constructor(
    private readonly options: { apiKey: string; apiBase: string; serviceId: string; timeoutMs?: number },
    private readonly today: () => Date = () => new Date(),
  ) {}

  private async call<T>(action: string, bulk: Record<string, string>): Promise<T> {
    const form = new URLSearchParams({ api: this.options.apiKey });
    for (const [key, value] of Object.entries(bulk)) form.set(`bulk[0][${key}]`, value);
    let response: Response;
    try {
      response = await fetch(`${this.options.apiBase}/?ac=${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new CourierError(
        `EasyParcel ${action}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
      );
    }
    if (!response.ok) throw new CourierError(`EasyParcel ${action}: HTTP ${response.status}`);
    let answer: EasyParcelAnswer<T>;
    try {
      answer = (await response.json()) as EasyParcelAnswer<T>;
    } catch {
      throw new CourierError(`EasyParcel ${action}: not JSON`);
    }
    if (answer.api_status !== 'Success' || (answer.error_code && answer.error_code !== '0')) {
      throw new CourierError(`EasyParcel ${action}: ${answer.error_remark || answer.error_code || 'failed'}`);
    }
    const first = answer.result?.[0];
    if (!first) throw new CourierError(`EasyParcel ${action}: empty result`);
    return first;
  }

  async submitOrder(parcel: CourierParcel): Promise<CourierBooking> {
    const result = await this.call<{ status?: string; remarks?: string; order_number?: string }>('EPSubmitOrderBulk', {
      weight: parcel.weightKg.toFixed(2),
      content: parcel.content.slice(0, 35),
      value: (parcel.valueCents / 100).toFixed(2),
      service_id: this.options.serviceId,
      ...SENDER,
      send_name: parcel.receiver.name,
      send_contact: parcel.receiver.contact,
      send_addr1: parcel.receiver.address,
      send_addr2: parcel.receiver.unit,
      send_code: parcel.receiver.postcode,
      send_country: parcel.receiver.country,
      collect_date: this.today().toISOString().slice(0, 10),
      sms: '0',
      reference: parcel.reference,
    });
    if (result.status !== 'Success' || !result.order_number)
      throw new CourierError(`EasyParcel EPSubmitOrderBulk: ${result.remarks ?? 'not placed'}`);
    return { orderId: result.order_number };
  }

  async payOrder(orderId: string): Promise<CourierAwb> {
    const result = await this.call<{
      messagenow?: string;
      parcel?: { parcelno?: string; awb?: string; awb_id_link?: string; tracking_url?: string }[];
    }>('EPPayOrderBulk', { order_no: orderId });
    const parcel = result.parcel?.[0];
    if (!parcel?.awb) throw new CourierError(`EasyParcel EPPayOrderBulk: ${result.messagenow ?? 'no AWB yet'}`);
    return { awbNumber: parcel.awb, awbLink: parcel.awb_id_link ?? null, trackingUrl: parcel.tracking_url ?? null };
  }

  async parcelStatus(orderId: string): Promise<{ status: string; awb: CourierAwb | null }> {
    const result = await this.call<{
      parcel?: { ship_status?: string; awb?: string; awb_id_link?: string; tracking_url?: string }[];
    }>('EPParcelStatusBulk', { order_no: orderId });
    const parcel = result.parcel?.[0];
    return {
      status: parcel?.ship_status || 'Pending',
      awb: parcel?.awb
        ? { awbNumber: parcel.awb, awbLink: parcel.awb_id_link ?? null, trackingUrl: parcel.tracking_url ?? null }
        : null,
    };
  }
}

export const TEST_COURIER_AWAITING_PICKUP = 'Pending For Collection';
export const TEST_COURIER_IN_TRANSIT = 'In Transit';

/**
 * The built-in test courier: same contract, no network. Books instantly with fake ids and an AWB
 * whose tracking link is the shop's own tracking page (/track/{awb}); its parcel status follows the
 * shop's "shipped" mark. Never used in production unless TEST_COURIER=1.
 */
export class TestCourier implements Courier {
  readonly name = 'test-courier';

  async submitOrder(): Promise<CourierBooking> {
    return { orderId: `TC-${crypto.randomBytes(4).toString('hex').toUpperCase()}` };
  }

  async payOrder(orderId: string): Promise<CourierAwb> {
    const awbNumber = `TEST${crypto.createHash('sha256').update(orderId).digest('hex').slice(0, 10).toUpperCase()}`;
    // The shop's own tracking page, as a path: it opens on whatever address the shop is reached by.
    return { awbNumber, awbLink: null, trackingUrl: `/track/${awbNumber}` };
  }

  /** Waits for the courier's pick-up until the shop marks the parcel shipped, then it is on its way. */
  async parcelStatus(
    orderId: string,
    shop?: { shippedAt: Date | null },
  ): Promise<{ status: string; awb: CourierAwb | null }> {
    return {
      status: shop?.shippedAt ? TEST_COURIER_IN_TRANSIT : TEST_COURIER_AWAITING_PICKUP,
      awb: await this.payOrder(orderId),
    };
  }
}

/** EasyParcel when its key is set; the test courier when allowed; otherwise none (jobs wait). */
export function createCourier(config: Config): Courier | null {
  if (config.easyparcel) return new EasyParcelCourier(config.easyparcel);
  if (config.testCourier) return new TestCourier();
  return null;
}
