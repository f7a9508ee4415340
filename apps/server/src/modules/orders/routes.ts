import {
  ErrorCode,
  orderDetailsRequestSchema,
  orderDetailsResponseSchema,
  userOrdersResponseSchema,
  usernameParamsSchema,
  checkTicketsRequestSchema,
  checkTicketsResponseSchema,
  drawResponseSchema,
  fetchPrizesRequestSchema,
  fetchPrizesResponseSchema,
  kujiBuyOutRequestSchema,
  kujiIntentRequestSchema,
  kujiIntentResponseSchema,
  orderIdParamsSchema,
  orderPrizesResponseSchema,
  orderStatusResponseSchema,
  orderTotalResponseSchema,
  reservationResponseSchema,
  tokenUseRequestSchema,
  tokenUseResponseSchema,
  verifyOrderResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/**
 * Purchases and the draw (docs/rules/buying.md). Every order route needs the bearer of the order's
 * owner: anyone else gets 404 'Order not found'.
 */
export const ordersRoutes: ModuleRoutes = (app, deps) => {
  purchaseRoutes(app, deps);
  orderRoutes(app, deps);
};

/** What a purchase may answer beyond its kind's (docs/rules/buying.md, docs/rules/drops.md). */
const purchaseErrors = errorAnswers({
  404: [ErrorCode.PRODUCT_NOT_FOUND],
  409: [ErrorCode.SALES_NOT_OPEN, ErrorCode.TOO_MANY_RESERVATIONS],
  423: [ErrorCode.ROUND_ON_HOLD],
  429: [ErrorCode.ORDER_COOLDOWN],
});
const productErrors = errorAnswers({ 404: [ErrorCode.PRODUCT_NOT_FOUND] });

/** Buying tickets: with tokens or a card, a buy-out, the ticket check before paying, and the prizes of a pick. */
const purchaseRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { orders, analytics } = services;
  const guard = { onRequest: ctx.guards.requireUser };

  app.post(
    '/token/use',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: tokenUseRequestSchema, response: { 200: tokenUseResponseSchema, ...purchaseErrors } },
    },
    async (request) => {
      const tracking = { userId: request.user!.id, setId: request.body.setId };
      return analytics.trackTokenPurchase(tracking, async () => orders.useTokens(request.user!, request.body));
    },
  );

  app.post(
    '/payment/kuji/create-intent',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: kujiIntentRequestSchema, response: { 200: kujiIntentResponseSchema, ...purchaseErrors } },
    },
    async (request) => orders.createIntent(request.user!, request.body),
  );

  app.post(
    '/payment/kuji/buy-out',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: kujiBuyOutRequestSchema, response: { 200: kujiIntentResponseSchema, ...purchaseErrors } },
    },
    async (request) => orders.buyOut(request.user!, request.body),
  );

  app.post(
    '/kuji/check-tickets',
    {
      ...guard,
      schema: { body: checkTicketsRequestSchema, response: { 200: checkTicketsResponseSchema, ...productErrors } },
    },
    async (request) => orders.checkTickets(request.user!, request.body),
  );

  app.post(
    '/prize/fetch-prizes',
    { schema: { body: fetchPrizesRequestSchema, response: { 200: fetchPrizesResponseSchema, ...productErrors } } },
    async (request) => orders.fetchPrizes(request.body.productId, request.body.selectedPrizes),
  );
};

/** An order after checkout: its reservation, total, payment status, the draw, its prizes and details. */
const orderRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { orders } = services;
  const orderRoute = <R>(response: R) => ({
    onRequest: ctx.guards.requireUser,
    schema: { params: orderIdParamsSchema, response: { 200: response } },
  });

  app.get('/order/:orderId/reservation', orderRoute(reservationResponseSchema), async (request) =>
    orders.reservation(request.user!, request.params.orderId),
  );

  app.get('/order/get-total/:orderId', orderRoute(orderTotalResponseSchema), async (request) =>
    orders.total(request.user!, request.params.orderId),
  );

  app.get('/order/status/:orderId', orderRoute(orderStatusResponseSchema), async (request) =>
    orders.paymentStatus(request.user!, request.params.orderId),
  );

  app.get('/order/verify/:orderId', orderRoute(verifyOrderResponseSchema), async (request) =>
    orders.verify(request.user!, request.params.orderId),
  );

  app.post('/draw-and-update-order/:orderId', orderRoute(drawResponseSchema), async (request) =>
    orders.draw(request.user!, request.params.orderId),
  );

  app.get('/order/get-prizes/:orderId', orderRoute(orderPrizesResponseSchema), async (request) =>
    orders.prizesOfOrder(request.user!, request.params.orderId),
  );

  app.get(
    '/order/user/:username',
    {
      onRequest: ctx.guards.requireUser,
      schema: { params: usernameParamsSchema, response: { 200: userOrdersResponseSchema } },
    },
    async (request) => orders.userOrders(request.user!, request.params.username),
  );

  // Details of a paid order: another shopper's is 403 (the page shows "Access Denied"), unknown or unpaid 404.
  app.post(
    '/order/:orderId',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        params: orderIdParamsSchema,
        body: orderDetailsRequestSchema,
        response: { 200: orderDetailsResponseSchema },
      },
    },
    async (request) => orders.orderDetails(request.user!, request.params.orderId),
  );
};
