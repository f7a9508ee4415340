import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { TEST_VAPID_ENV } from './test/test-app.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/kujiya' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/kujiya/data');
    expect(config.demoData).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.stripe).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'nope' }, 'REDIS_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, *' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ STRIPE_SECRET_KEY: 'pk_wrong' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'PAYMENTS'],
    [{ PAYMENTS: 'free' }, 'PAYMENTS'],
    [{ PAYMENTS: 'stripe' }, 'STRIPE_SECRET_KEY'],
  ])('stops on %o with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('reads TRUST_PROXY as off, a number of proxies in front, or a list of their addresses, never "anything"', () => {
    for (const off of ['', '0', 'false', 'no', 'off']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.7.1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.7.1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be the number of proxies/);
  });

  it('turns DEMO_DATA=0 off and reads Stripe keys together', () => {
    const config = loadConfig({
      DEMO_DATA: '0',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.demoData).toBe(false);
    expect(config.stripe?.webhookSecret).toBe('whsec_x');
  });

  it('runs the test courier only outside production unless switched on; EasyParcel with its key', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).testCourier).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, PAYMENTS: 'test', ...TEST_VAPID_ENV }).testCourier,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, PAYMENTS: 'test', TEST_COURIER: '1', ...TEST_VAPID_ENV })
        .testCourier,
    ).toBe(true);
    const easy = loadConfig({ EASYPARCEL_API_KEY: 'EP-key', EASYPARCEL_API_BASE: 'http://127.0.0.1:9/' });
    expect(easy.easyparcel).toEqual({ apiKey: 'EP-key', apiBase: 'http://127.0.0.1:9', serviceId: 'EP-CS0C' });
    expect(easy.testCourier).toBe(false);
    expect(loadConfig({}).collectionSlotCapacity).toBe(10);
    expect(() => loadConfig({ COLLECTION_SLOT_CAPACITY: '0' })).toThrow('COLLECTION_SLOT_CAPACITY');
  });

  it('ADMIN_TWO_FACTOR: required by default in production, optional elsewhere, either when set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENTS: 'test', ...TEST_VAPID_ENV };
    expect(loadConfig({}).adminTwoFactor).toBe('optional');
    expect(loadConfig(production).adminTwoFactor).toBe('required');
    expect(loadConfig({ ...production, ADMIN_TWO_FACTOR: 'optional' }).adminTwoFactor).toBe('optional');
    expect(loadConfig({ ADMIN_TWO_FACTOR: 'required' }).adminTwoFactor).toBe('required');
    expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'sometimes' })).toThrow('ADMIN_TWO_FACTOR');
  });

  it('production: the test gateway only with PAYMENTS=test, and no demo data unless asked', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...TEST_VAPID_ENV };
    const config = loadConfig({ ...production, PAYMENTS: 'test' });
    expect(config.payments).toBe('test');
    expect(config.demoData).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS: 'test', DEMO_DATA: '1' }).demoData).toBe(true);
    const stripe = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe.payments).toBe('stripe');
    expect(loadConfig({}).payments).toBe('test');
  });
});
