import {
  TRADE_MESSAGES as M,
  createOfferRequestSchema,
  createTradeRequestSchema,
  marketplaceQuerySchema,
  offerListResponseSchema,
  productImagesQuerySchema,
  productImagesResponseSchema,
  productsWithPrizesResponseSchema,
  tradeIdParamsSchema,
  tradeListResponseSchema,
  tradeMessageResponseSchema,
  tradeOfferParamsSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** Trade lists change with every trade: never cached. */
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The trade calls (every one needs the shopper's bearer) and the two catalogue reads the wanted-prize
 * picker uses (public). Another shopper's trade answers 403, their offer 404.
 */
export const tradingRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { trading } = services;
  const onRequest = ctx.guards.requireUser;

  app.get(
    '/trade',
    { onRequest, schema: { querystring: marketplaceQuerySchema, response: { 200: tradeListResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { trades: await trading.marketplace(request.user!, request.query.search) };
    },
  );

  app.get(
    '/trade/active-trades',
    { onRequest, schema: { querystring: marketplaceQuerySchema, response: { 200: tradeListResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { trades: await trading.marketplace(request.user!, request.query.search) };
    },
  );

  app.get(
    '/trade/user-trades',
    { onRequest, schema: { response: { 200: tradeListResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { trades: await trading.userTrades(request.user!) };
    },
  );

  app.get(
    '/trade/history',
    { onRequest, schema: { response: { 200: tradeListResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { trades: await trading.history(request.user!) };
    },
  );

  app.post(
    '/trade/create',
    {
      onRequest,
      config: { idempotent: true },
      schema: { body: createTradeRequestSchema, response: { 200: tradeMessageResponseSchema } },
    },
    async (request) => {
      const { tradeId } = await trading.create(request.user!, request.body);
      return { message: M.created, tradeId };
    },
  );

  app.post(
    '/trade/offer/:tradeId',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        params: tradeIdParamsSchema,
        body: createOfferRequestSchema,
        response: { 200: tradeMessageResponseSchema },
      },
    },
    async (request) => {
      const { offerId } = await trading.offer(request.user!, request.params.tradeId, request.body);
      return { message: M.offerSubmitted, tradeId: request.params.tradeId, offerId };
    },
  );

  app.delete(
    '/trade/:tradeId/withdraw-offer/:offerId',
    {
      onRequest,
      config: { idempotent: true },
      schema: { params: tradeOfferParamsSchema, response: { 200: tradeMessageResponseSchema } },
    },
    async (request) => {
      await trading.withdraw(request.user!, request.params.tradeId, request.params.offerId);
      return { message: M.offerWithdrawn };
    },
  );

  app.get(
    '/trade/:tradeId/offers',
    { onRequest, schema: { params: tradeIdParamsSchema, response: { 200: offerListResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { offers: await trading.offersOf(request.user!, request.params.tradeId) };
    },
  );

  app.post(
    '/trade/:tradeId/accept-offer/:offerId',
    {
      onRequest,
      config: { idempotent: true },
      schema: { params: tradeOfferParamsSchema, response: { 200: tradeMessageResponseSchema } },
    },
    async (request) => {
      await trading.accept(request.user!, request.params.tradeId, request.params.offerId);
      return { message: M.offerAccepted };
    },
  );

  app.delete(
    '/trade/:tradeId/reject-offer/:offerId',
    {
      onRequest,
      config: { idempotent: true },
      schema: { params: tradeOfferParamsSchema, response: { 200: tradeMessageResponseSchema } },
    },
    async (request) => {
      await trading.reject(request.user!, request.params.tradeId, request.params.offerId);
      return { message: M.offerRejected };
    },
  );

  app.delete(
    '/trade/cancel-trade/:tradeId',
    {
      onRequest,
      config: { idempotent: true },
      schema: { params: tradeIdParamsSchema, response: { 200: tradeMessageResponseSchema } },
    },
    async (request) => {
      await trading.cancel(request.user!, request.params.tradeId);
      return { message: M.cancelled };
    },
  );

  app.get('/products-with-prizes', { schema: { response: { 200: productsWithPrizesResponseSchema } } }, async () =>
    trading.productsWithPrizes(),
  );

  app.get(
    '/products-images',
    { schema: { querystring: productImagesQuerySchema, response: { 200: productImagesResponseSchema } } },
    async (request) => trading.productImages(request.query.productIds),
  );
};
