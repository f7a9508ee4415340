import {
  ErrorCode,
  paymentConfigSchema,
  testGatewayConfirmRequestSchema,
  testGatewayConfirmResponseSchema,
  webhookResultSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { TestGateway } from './test-gateway.ts';
import { errorAnswers } from '../../core/error-answers.ts';

export const paymentsRoutes: ModuleRoutes = async (app, { services }) => {
  const { payments } = services;

  app.get('/payment/config', { schema: { response: { 200: paymentConfigSchema } } }, async () => ({
    gateway: payments.gateway.kind,
    publishableKey: payments.gateway.publishableKey,
  }));

  // The webhook needs the exact bytes that were signed: a raw-body parser, scoped to this route only.
  // Its body is those bytes, so it declares no body schema (the signature check is its validation).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payment/webhook',
      { bodyLimit: 512 * 1024, schema: { consumes: ['application/json'], response: { 200: webhookResultSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.handleWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      },
    );
  });

  const gateway = payments.gateway;
  if (gateway instanceof TestGateway) {
    // The test gateway's stand-in for Stripe.js: the browser posts the card here, never to the shop's own routes.
    app.post(
      '/test-gateway/confirm',
      {
        schema: {
          body: testGatewayConfirmRequestSchema,
          response: {
            200: testGatewayConfirmResponseSchema,
            ...errorAnswers({ 402: [ErrorCode.CARD_DECLINED], 404: [ErrorCode.PAYMENT_NOT_FOUND] }),
          },
        },
      },
      async (request) => gateway.confirm(request.body),
    );
  }
};
