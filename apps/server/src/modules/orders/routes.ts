import {
  orderDetailsRequestSchema,
  orderDetailsResponseSchema,
  orderIdParamsSchema,
  userOrdersResponseSchema,
  usernameParamsSchema,
  checkTicketsRequestSchema,
  fetchPrizesRequestSchema,
  kujiBuyOutRequestSchema,
  kujiIntentRequestSchema,
  tokenUseRequestSchema,
  type CheckTicketsResponse,
  type DrawResponse,
  type FetchPrizesResponse,
  type KujiIntentResponse,
  type OrderPrizesResponse,
  type OrderStatusResponse,
  type OrderTotalResponse,
  type ReservationResponse,
  type TokenUseResponse,
  type VerifyOrderResponse,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { trackTokenPurchase } from '../analytics/token-purchase-tracking.ts';

type OrderParams = { Params: { orderId: string } };

/**
 * Purchases and the draw (spec 000 §7). Every order route needs the bearer of the order's owner
 * (RULES §7 wins over the spec's "no auth"): anyone else gets 404 'Order not found'.
 */
export const ordersRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { orders } = services;
  const guard = { preHandler: ctx.guards.requireUser };

  app.post('/token/use', guard, async (request): Promise<TokenUseResponse> => {
    const setId = (request.body as { setId?: unknown } | undefined)?.setId;
    const tracking = { userId: request.user!.id, setId: typeof setId === 'string' ? setId : undefined, log: request.log };
    return trackTokenPurchase(services.analytics, ctx.db, tracking, async () =>
      orders.useTokens(request.user!, parseInput(tokenUseRequestSchema, request.body ?? {})),
    );
  });

  app.post('/payment/kuji/create-intent', guard, async (request): Promise<KujiIntentResponse> =>
    orders.createIntent(request.user!, parseInput(kujiIntentRequestSchema, request.body ?? {})),
  );

  app.post('/payment/kuji/buy-out', guard, async (request): Promise<KujiIntentResponse> =>
    orders.buyOut(request.user!, parseInput(kujiBuyOutRequestSchema, request.body ?? {})),
  );

  app.post('/kuji/check-tickets', guard, async (request): Promise<CheckTicketsResponse> =>
    orders.checkTickets(request.user!, parseInput(checkTicketsRequestSchema, request.body ?? {})),
  );

  app.get<OrderParams>('/order/:orderId/reservation', guard, async (request): Promise<ReservationResponse> =>
    orders.reservation(request.user!, request.params.orderId),
  );

  app.get<OrderParams>('/order/get-total/:orderId', guard, async (request): Promise<OrderTotalResponse> =>
    orders.total(request.user!, request.params.orderId),
  );

  app.get<OrderParams>('/order/status/:orderId', guard, async (request): Promise<OrderStatusResponse> =>
    orders.paymentStatus(request.user!, request.params.orderId),
  );

  app.get<OrderParams>('/order/verify/:orderId', guard, async (request): Promise<VerifyOrderResponse> =>
    orders.verify(request.user!, request.params.orderId),
  );

  app.post<OrderParams>('/draw-and-update-order/:orderId', guard, async (request): Promise<DrawResponse> =>
    orders.draw(request.user!, request.params.orderId),
  );

  app.get<OrderParams>('/order/get-prizes/:orderId', guard, async (request): Promise<OrderPrizesResponse> =>
    orders.prizesOfOrder(request.user!, request.params.orderId),
  );

  app.get(
    '/order/user/:username',
    { preHandler: ctx.guards.requireUser, schema: { params: usernameParamsSchema, response: { 200: userOrdersResponseSchema } } },
    async (request) => orders.userOrders(request.user!, request.params.username),
  );

  // Details of a paid order: another shopper's is 403 (the page shows "Access Denied"), unknown or unpaid 404.
  app.post(
    '/order/:orderId',
    {
      preHandler: ctx.guards.requireUser,
      schema: { params: orderIdParamsSchema, body: orderDetailsRequestSchema, response: { 200: orderDetailsResponseSchema } },
    },
    async (request) => orders.orderDetails(request.user!, request.params.orderId),
  );

  app.post('/prize/fetch-prizes', async (request): Promise<FetchPrizesResponse> => {
    const input = parseInput(fetchPrizesRequestSchema, request.body ?? {});
    return orders.fetchPrizes(input.productId, input.selectedPrizes);
  });
};
