import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  NO_PENDING_SHIPMENTS,
  adminAvailabilityRequestSchema,
  adminAvailabilityResponseSchema,
  adminCollectionStatusRequestSchema,
  adminCollectionsQuerySchema,
  adminCollectionsResponseSchema,
  adminDashboardSchema,
  adminImageUploadSchema,
  adminInventoryParamsSchema,
  adminMessageSchema,
  adminOrderDetailSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminPromotionsResponseSchema,
  adminReloadResponseSchema,
  adminSetsQuerySchema,
  adminSetsResponseSchema,
  adminShipmentsQuerySchema,
  adminShipmentsResponseSchema,
  idParamsSchema,
  orderIdParamsSchema,
  pendingShipmentsPdfSchema,
  inventoryResponseSchema,
} from '@kujiya/shared';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { acceptMultipartForms, readMultipartFiles } from '../../core/multipart.ts';
import type { ModuleRoutes } from '../../routes.ts';
import { loadLabelsPdf, type UploadedImage } from './service.ts';
import { errorAnswers } from '../../core/error-answers.ts';

const IMAGE_FIELD = /^(productImage|prizeImage\d{1,2})$/;
/** The product image and one per prize (27 prizes at most). */
const MAX_IMAGES = 28;

/** Reads the add-product multipart form: text fields and the product / prize image files. */
async function readProductForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the product as multipart/form-data');
  const { fields, files } = await readMultipartFiles(request, {
    isFileField: (name) => IMAGE_FIELD.test(name),
    maxFiles: MAX_IMAGES,
    tooLargeMessage: 'Each image must be at most 5 MB.',
  });
  const images = new Map<string, UploadedImage>(
    files.map((file) => [file.fieldname, { bytes: file.bytes, contentType: file.contentType }]),
  );
  return { fields, images };
}

/** The back office API (docs/rules/back-office.md); every route behind the admin guard. */
export const adminRoutes: ModuleRoutes = async (app, { ctx, services }) => {
  // The product form carries its images.
  await acceptMultipartForms(app);
  // onRequest: the guard answers before the body is parsed or validated (no schema hints to strangers).
  const onRequest = ctx.guards.requireAdmin;
  const admin = services.admin;

  app.get(
    '/admin/sets',
    { onRequest, schema: { querystring: adminSetsQuerySchema, response: { 200: adminSetsResponseSchema } } },
    async (request) => services.catalogue.adminSets(request.query),
  );

  app.post('/admin/add-product', { onRequest, schema: { response: { 200: adminMessageSchema } } }, async (request) => {
    const { fields, images } = await readProductForm(request);
    const { message } = await admin.addProduct(request.admin!, fields, images);
    return { message };
  });

  app.get(
    '/admin/products/:id',
    { onRequest, schema: { params: idParamsSchema, response: { 200: adminProductSchema } } },
    async (request) => admin.productDetail(request.params.id),
  );

  app.put(
    '/admin/products/:id',
    {
      onRequest,
      schema: { params: idParamsSchema, body: adminProductUpdateSchema, response: { 200: adminProductSchema } },
    },
    async (request) => admin.updateProduct(request.admin!, request.params.id, request.body),
  );

  // Product and prize artwork for a later PUT (docs/rules/back-office.md): one `image` file.
  app.post('/admin/images', { onRequest, schema: { response: { 200: adminImageUploadSchema } } }, async (request) => {
    if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data');
    const { files } = await readMultipartFiles(request, {
      isFileField: (name) => name === 'image',
      maxFiles: 1,
      tooLargeMessage: 'Each image must be at most 5 MB.',
    });
    const file = files.find((f) => f.fieldname === 'image');
    if (!file) throw badRequest('Image is required');
    return admin.uploadImage({ bytes: file.bytes, contentType: file.contentType });
  });

  app.post(
    '/admin/products/:id/reload',
    { onRequest, schema: { params: idParamsSchema, response: { 200: adminReloadResponseSchema } } },
    async (request) => admin.reloadSet(request.admin!, request.params.id),
  );

  app.put(
    '/admin/products/:id/availability',
    {
      onRequest,
      schema: {
        params: idParamsSchema,
        body: adminAvailabilityRequestSchema,
        response: { 200: adminAvailabilityResponseSchema },
      },
    },
    async (request) => admin.setAvailability(request.admin!, request.params.id, request.body),
  );

  app.get(
    '/admin/promotions',
    { onRequest, schema: { response: { 200: adminPromotionsResponseSchema } } },
    async () => ({
      promotions: (await services.catalogue.listPromotions()).map((p) => ({ _id: p.id, description: p.description })),
    }),
  );

  app.get(
    '/admin/orders',
    { onRequest, schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersResponseSchema } } },
    async (request) => services.orders.adminOrders(request.query),
  );

  // One order opened from the orders table: draws, payment, refunds, receipt and shopper.
  app.get(
    '/admin/orders/:orderId',
    { onRequest, schema: { params: orderIdParamsSchema, response: { 200: adminOrderDetailSchema } } },
    async (request) => admin.orderDetail(request.params.orderId),
  );

  app.get(
    '/admin/selfcollect',
    {
      onRequest,
      schema: { querystring: adminCollectionsQuerySchema, response: { 200: adminCollectionsResponseSchema } },
    },
    async (request) => services.fulfilment.adminCollections(request.query),
  );

  app.put(
    '/admin/selfcollect/:id/status',
    {
      onRequest,
      schema: {
        params: idParamsSchema,
        body: adminCollectionStatusRequestSchema,
        response: { 200: adminMessageSchema },
      },
    },
    async (request) => admin.changeCollection(request.admin!, request.params.id, request.body.status),
  );

  app.get(
    '/admin/shipments',
    { onRequest, schema: { querystring: adminShipmentsQuerySchema, response: { 200: adminShipmentsResponseSchema } } },
    async (request) => services.fulfilment.adminShipments(request.query),
  );

  app.put(
    '/admin/shipments/:id/shipped',
    { onRequest, schema: { params: idParamsSchema, response: { 200: adminMessageSchema } } },
    async (request) => admin.markShipped(request.admin!, request.params.id),
  );

  app.post(
    '/admin/shipments/export-pending',
    {
      onRequest,
      schema: {
        response: { 200: pendingShipmentsPdfSchema, ...errorAnswers({ 404: [ErrorCode.SHIPMENT_NOT_FOUND] }) },
      },
    },
    async (_request, reply) => {
      const pending = await services.fulfilment.pendingPaidShipments();
      if (pending.length === 0) throw notFound(NO_PENDING_SHIPMENTS);
      const { shipmentLabelsPdf } = await loadLabelsPdf();
      const pdf = await shipmentLabelsPdf(pending, ctx.clock.now(), await services.shopSettings.senderAddress());
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', 'attachment; filename="pending-shipments.pdf"');
      reply.header('Cache-Control', 'no-store');
      // Raw bytes: Fastify sends a Buffer as it is (the schema only documents the file type).
      return reply.send(pdf as unknown as string);
    },
  );

  app.get(
    '/admin/inventory/:usernameOrEmail',
    { onRequest, schema: { params: adminInventoryParamsSchema, response: { 200: inventoryResponseSchema } } },
    async (request) => admin.inventoryOf(request.params.usernameOrEmail),
  );

  app.get('/admin/dashboard', { onRequest, schema: { response: { 200: adminDashboardSchema } } }, async () =>
    admin.dashboard(),
  );
};
