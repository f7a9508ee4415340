import {
  ErrorCode,
  collectionSlotsResponseSchema,
  createCollectionRequestSchema,
  createCollectionResponseSchema,
  createShippingIntentRequestSchema,
  createShippingIntentResponseSchema,
  idParamsSchema,
  messageOnlyResponseSchema,
  orderIdParamsSchema,
  orderSelfCollectResponseSchema,
  processingStatusResponseSchema,
  shipmentIdParamsSchema,
  trackingRequestSchema,
  trackingResponseSchema,
  userCollectionsResponseSchema,
  userShipmentsResponseSchema,
  usernameParamsSchema,
  verifyShipmentResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

// Units named in the body that are not the shopper's, or the shopper's account gone.
const itemErrors = errorAnswers({ 404: [ErrorCode.ITEM_NOT_FOUND, ErrorCode.USER_NOT_FOUND] });

/**
 * Shipping, shipments, tracking and self-collection. Every route needs the shopper's bearer; another
 * shopper's shipment or collection answers 404, another username 403.
 */
export const fulfilmentRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { fulfilment } = services;
  const onRequest = ctx.guards.requireUser;
  app.post(
    '/payment/shipping/create-intent',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        body: createShippingIntentRequestSchema,
        response: { 200: createShippingIntentResponseSchema, ...itemErrors },
      },
    },
    async (request) => fulfilment.createShippingIntent(request.user!, request.body),
  );

  app.get(
    '/shipment/processing-status/:shipmentId',
    { onRequest, schema: { params: shipmentIdParamsSchema, response: { 200: processingStatusResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return fulfilment.processingStatus(request.user!, request.params.shipmentId);
    },
  );

  app.post(
    '/payment/verify-shipment/:orderId',
    { onRequest, schema: { params: orderIdParamsSchema, response: { 200: verifyShipmentResponseSchema } } },
    async (request) => fulfilment.verifyShipment(request.user!, request.params.orderId),
  );

  app.get(
    '/shipment/user/:username',
    { onRequest, schema: { params: usernameParamsSchema, response: { 200: userShipmentsResponseSchema } } },
    async (request) => fulfilment.userShipments(request.user!, request.params.username),
  );

  app.post(
    '/shipment/tracking',
    {
      onRequest,
      schema: {
        body: trackingRequestSchema,
        response: { 200: trackingResponseSchema, ...errorAnswers({ 404: [ErrorCode.SHIPMENT_NOT_FOUND] }) },
      },
    },
    async (request) => fulfilment.tracking(request.user!, request.body.orderNumber),
  );

  app.get(
    '/self-collection/slots',
    { onRequest, schema: { response: { 200: collectionSlotsResponseSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return fulfilment.collectionSlots();
    },
  );

  app.post(
    '/self-collection/create',
    {
      onRequest,
      config: { idempotent: true },
      schema: { body: createCollectionRequestSchema, response: { 200: createCollectionResponseSchema, ...itemErrors } },
    },
    async (request) => ({
      message: 'Self-collection scheduled successfully',
      collection: await fulfilment.createCollection(request.user!, request.body),
    }),
  );

  app.get(
    '/self-collection/user',
    { onRequest, schema: { response: { 200: userCollectionsResponseSchema } } },
    async (request) => fulfilment.userCollections(request.user!),
  );

  app.post(
    '/self-collection/:id/cancel',
    {
      onRequest,
      config: { idempotent: true },
      schema: { params: idParamsSchema, response: { 200: messageOnlyResponseSchema } },
    },
    async (request) => {
      await fulfilment.changeCollection(request.user!, request.params.id, { status: 'cancelled' });
      return { message: 'Self-collection cancelled. Your items are back in your inventory.' };
    },
  );

  app.post(
    '/order/self-collect/:orderId',
    { onRequest, schema: { params: orderIdParamsSchema, response: { 200: orderSelfCollectResponseSchema } } },
    async (request) => fulfilment.orderSelfCollect(request.user!, request.params.orderId),
  );
};
