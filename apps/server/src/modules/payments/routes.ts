import { paymentConfigSchema, testGatewayConfirmRequestSchema, type PaymentConfig } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { TestGateway } from './test-gateway.ts';

export const paymentsRoutes: ModuleRoutes = async (app, { services }) => {
  const { payments } = services;

  app.get('/payment/config', async (): Promise<PaymentConfig> =>
    paymentConfigSchema.parse({ gateway: payments.gateway.kind, publishableKey: payments.gateway.publishableKey }),
  );

  // The webhook needs the exact bytes that were signed: a raw-body parser, scoped to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/payment/webhook', { bodyLimit: 512 * 1024 }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return payments.handleWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
    });
  });

  const gateway = payments.gateway;
  if (gateway instanceof TestGateway) {
    // The test gateway's stand-in for Stripe.js: the browser posts the card here, never to the shop's own routes.
    app.post('/test-gateway/confirm', async (request) => gateway.confirm(parseInput(testGatewayConfirmRequestSchema, request.body)));
  }
};
