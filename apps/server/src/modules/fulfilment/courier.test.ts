import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CourierError, EasyParcelCourier } from './courier.ts';
import { COURIER_MAX_ATTEMPTS } from './service.ts';
import { addressedShopper, call, confirmCard, givePrizes } from './test-helpers.ts';

type Mode = 'ok' | 'http500' | 'apiError' | 'hang';

/**
 * A local stand-in for EasyParcel's classic API: form-encoded POSTs to /?ac=Action with `api` and
 * `bulk[0][...]`, answering the documented shapes (api_status, error_code, error_remark, result[]).
 */
function startStandIn() {
  const state = {
    modes: [] as Mode[],
    requests: [] as { action: string; form: URLSearchParams }[],
    placed: 0,
    paid: 0,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const action = new URL(req.url!, 'http://x').searchParams.get('ac') ?? '';
      const form = new URLSearchParams(body);
      state.requests.push({ action, form });
      const mode = state.modes.shift() ?? 'ok';
      if (mode === 'hang') return; // never answers
      if (mode === 'http500') {
        res.writeHead(500).end('oops');
        return;
      }
      const json = (value: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (form.get('api') !== 'ep-test-key')
        return json({ api_status: 'Error', error_code: '1', error_remark: 'Authentication Failed', result: [] });
      if (mode === 'apiError')
        return json({ api_status: 'Error', error_code: '3', error_remark: 'Insufficient Credit', result: [] });
      if (action === 'EPSubmitOrderBulk') {
        state.placed += 1;
        return json({
          api_status: 'Success',
          error_code: '0',
          error_remark: '',
          result: [
            {
              status: 'Success',
              remarks: 'Order Successfully Placed',
              order_number: `EI-${state.placed}AAAA`,
              price: '6.50',
            },
          ],
        });
      }
      if (action === 'EPPayOrderBulk') {
        state.paid += 1;
        const orderNo = form.get('bulk[0][order_no]');
        return json({
          api_status: 'Success',
          error_code: '0',
          error_remark: '',
          result: [
            {
              orderno: orderNo,
              messagenow: 'Fully Paid',
              parcel: [
                {
                  parcelno: 'EP-PQKTE',
                  awb: '238770015234',
                  awb_id_link: 'https://ep.example/awb.pdf',
                  tracking_url: 'https://ep.example/track/238770015234',
                },
              ],
            },
          ],
        });
      }
      if (action === 'EPParcelStatusBulk') {
        return json({
          api_status: 'Success',
          error_code: '0',
          error_remark: '',
          result: [
            {
              order_no: form.get('bulk[0][order_no]'),
              status: 'Success',
              parcel: [{ ship_status: 'Collected', awb: '238770015234' }],
            },
          ],
        });
      }
      json({ api_status: 'Error', error_code: '2', error_remark: 'Unknown action', result: [] });
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('EasyParcel courier against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startStandIn();
    t = await createTestApp({ env: { EASYPARCEL_API_KEY: 'ep-test-key', EASYPARCEL_API_BASE: standIn.url } });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.state.modes = [];
    standIn.state.requests = [];
  });

  const parcel = {
    reference: 'ref-1',
    content: 'Kujiya prizes x2',
    valueCents: 500,
    weightKg: 1,
    receiver: {
      name: 'Alice Tan',
      contact: '91234567',
      unit: '#01-01',
      address: '1 Test Road',
      postcode: '123456',
      country: 'SG',
    },
  };

  it('submits, pays (AWB, label, tracking) and reads the parcel status in the documented shapes', async () => {
    const courier = new EasyParcelCourier({ apiKey: 'ep-test-key', apiBase: standIn.url, serviceId: 'EP-CS0C' });
    const booking = await courier.submitOrder(parcel);
    expect(booking.orderId).toMatch(/^EI-/);
    const submit = standIn.state.requests[0]!;
    expect(submit.action).toBe('EPSubmitOrderBulk');
    expect(submit.form.get('bulk[0][send_code]')).toBe('123456');
    expect(submit.form.get('bulk[0][send_country]')).toBe('SG');
    expect(submit.form.get('bulk[0][service_id]')).toBe('EP-CS0C');
    expect(await courier.payOrder(booking.orderId)).toEqual({
      awbNumber: '238770015234',
      awbLink: 'https://ep.example/awb.pdf',
      trackingUrl: 'https://ep.example/track/238770015234',
    });
    expect((await courier.parcelStatus(booking.orderId)).status).toBe('Collected');
  });

  it('turns error answers, HTTP errors, a wrong key and timeouts into courier errors', async () => {
    const courier = new EasyParcelCourier({
      apiKey: 'ep-test-key',
      apiBase: standIn.url,
      serviceId: 'EP-CS0C',
      timeoutMs: 300,
    });
    standIn.state.modes = ['apiError'];
    await expect(courier.submitOrder(parcel)).rejects.toThrow(
      new CourierError('EasyParcel EPSubmitOrderBulk: Insufficient Credit'),
    );
    standIn.state.modes = ['http500'];
    await expect(courier.payOrder('EI-1')).rejects.toThrow('HTTP 500');
    standIn.state.modes = ['hang'];
    await expect(courier.submitOrder(parcel)).rejects.toThrow('timed out');
    const wrongKey = new EasyParcelCourier({ apiKey: 'nope', apiBase: standIn.url, serviceId: 'EP-CS0C' });
    await expect(wrongKey.submitOrder(parcel)).rejects.toThrow('Authentication Failed');
  });

  it('a courier failing twice then succeeding ships the paid shipment once, with retries and backoff', async () => {
    const alice = await addressedShopper(t, 'alice');
    const ids = await givePrizes(t, alice, { A: 1 });
    const { clientSecret, shipmentId } = (
      await call(t, alice, 'POST', '/api/payment/shipping/create-intent', {
        inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
        useProfileAddress: true,
      })
    ).json();
    await confirmCard(t, clientSecret);
    const placedBefore = standIn.state.placed;
    standIn.state.modes = ['http500', 'apiError'];
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 1 });
    // Not due again before its backoff.
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 0 });
    t.clock.advance(1 * MINUTE);
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 1 });
    t.clock.advance(2 * MINUTE);
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 1, failed: 0 });
    t.clock.advance(10 * MINUTE);
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 0 });
    expect(standIn.state.placed - placedBefore).toBe(1);
    const shipment = (await t.services.fulfilment.shipment(shipmentId))!;
    expect(shipment).toMatchObject({
      awbNumber: '238770015234',
      awbLink: 'https://ep.example/awb.pdf',
      trackingUrl: 'https://ep.example/track/238770015234',
    });
    expect(shipment.easyparcelOrderId).toMatch(/^EI-/);
    expect((await call(t, alice, 'POST', '/api/shipment/tracking', { orderNumber: shipmentId })).json()).toEqual({
      status: 'Collected',
      trackingUrl: 'https://ep.example/track/238770015234',
    });
    // Courier down: tracking still answers the default status.
    standIn.state.modes = ['http500'];
    expect((await call(t, alice, 'POST', '/api/shipment/tracking', { orderNumber: shipmentId })).json().status).toBe(
      'Pending',
    );
  });

  it('after the last retry the shipment is flagged for attention, still paid, never doubled', async () => {
    const bob = await addressedShopper(t, 'bob');
    const ids = await givePrizes(t, bob, { B: 1 });
    const { clientSecret, shipmentId } = (
      await call(t, bob, 'POST', '/api/payment/shipping/create-intent', {
        inventoryItems: [{ batchId: ids.B!, quantity: 1 }],
        useProfileAddress: true,
      })
    ).json();
    await confirmCard(t, clientSecret);
    standIn.state.modes = Array.from({ length: COURIER_MAX_ATTEMPTS }, () => 'apiError' as const);
    for (let i = 0; i < COURIER_MAX_ATTEMPTS; i += 1) {
      expect((await t.services.fulfilment.runCourierJobs()).failed).toBe(1);
      t.clock.advance(60 * MINUTE);
    }
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 0 });
    expect(await t.services.fulfilment.courierState(shipmentId)).toMatchObject({
      status: 'attention',
      attempts: COURIER_MAX_ATTEMPTS,
      lastError: 'EasyParcel EPSubmitOrderBulk: Insufficient Credit',
    });
    expect((await t.services.fulfilment.shipment(shipmentId))!.paid).toBe(true);
  });
});
