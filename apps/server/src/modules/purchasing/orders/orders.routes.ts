import {
  API,
  MAX_PURCHASE_ORDER_LINES,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZPurchaseOrder,
  ZPurchaseOrderListQuery,
  ZPurchaseOrderPage,
  ZPurchaseOrderRequest,
  ZReceivePurchaseOrderRequest,
  ZSentPurchaseOrder,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { orderDocument } from '../document/order-document.service.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { getOrder, listOrders } from './order-reads.service.js';
import { receiveOrder } from './order-receipts.service.js';
import { sendOrder } from './order-send.service.js';
import { cancelOrder, closeOrder, createOrder, updateDraftOrder } from './order-writes.service.js';

const TAGS = ['purchasing'];

const RETRIES = IDEMPOTENCY_DESCRIPTION.trim();

const BODY_RULES =
  `The supplier must be an active one of the business, the location active, and each of the 1 to ` +
  `${MAX_PURCHASE_ORDER_LINES} lines a different active product placed at that location (404 / 409 naming ` +
  '`details.field`, e.g. `lines.2.productId`); quantities are whole numbers from 1, unit costs amounts ' +
  'with at most two decimals.';

/** Purchase orders: reads for inventory readers, writes for inventory creators, receipts for those who adjust stock. */
export const ordersRoutes: FastifyPluginAsyncZod<{ deps: PurchasingDeps }> = async (app, { deps }) => {
  app.post(
    API.purchaseOrders.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createPurchaseOrder',
        summary: 'Create a purchase order (a draft)',
        description: `Numbers are given per business: PO-000001, PO-000002... ${BODY_RULES} ${RETRIES}`,
        body: ZPurchaseOrderRequest,
        response: { 201: ZPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const order = await createOrder(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(201).send(order);
    },
  );

  app.get(
    API.purchaseOrders.root,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listPurchaseOrders',
        summary: 'A page of purchase orders, newest first',
        description: 'Filters: `status`, `supplierId`, `locationId`. Each order carries its names and sums.',
        querystring: ZPurchaseOrderListQuery,
        response: { 200: ZPurchaseOrderPage, 400: ZErrorBody },
      },
    },
    async (request) => listOrders(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.purchaseOrders.byId,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getPurchaseOrder',
        summary: 'A purchase order with its lines and receipts',
        description:
          'Per line what was ordered, received (damaged units included), damaged and is still to come; ' +
          'the totals as money; the deliveries, oldest first.',
        params: ZIdParams,
        response: { 200: ZPurchaseOrder, 404: ZErrorBody },
      },
    },
    async (request) => getOrder(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.purchaseOrders.byId,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'updatePurchaseOrder',
        summary: 'Replace a draft’s supplier, location, date, note and lines',
        description: `Only a DRAFT changes (409 otherwise). ${BODY_RULES}`,
        params: ZIdParams,
        body: ZPurchaseOrderRequest,
        response: { 200: ZPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      updateDraftOrder(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.post(
    API.purchaseOrders.send,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'sendPurchaseOrder',
        summary: 'Send a draft to its supplier',
        description:
          'DRAFT -> SENT (409 otherwise, or when the supplier is discontinued). When the supplier has an ' +
          'e-mail address the order is mailed to it with the PDF attached (`mailedTo`); otherwise ' +
          '`mailedTo` is null and the PDF is passed on by hand.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZSentPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => sendOrder(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.purchaseOrders.receive,
    {
      config: { access: { permission: 'inventory:adjust' } },
      schema: {
        tags: TAGS,
        operationId: 'receivePurchaseOrder',
        summary: 'Record a delivery against a sent order',
        description:
          'Any number of times. Per line `quantity` is every unit that arrived and `damaged` how many of ' +
          'them cannot be used: usable units enter stock (reason PURCHASE) at the line’s unit cost, which ' +
          'moves the item’s average cost; damaged ones are recorded only. A line cannot receive more than ' +
          'was ordered (409 naming `details.lineId`). SENT -> PARTIALLY_RECEIVED -> RECEIVED once every ' +
          `line arrived in full; other states 409. ${RETRIES}`,
        params: ZIdParams,
        body: ZReceivePurchaseOrderRequest,
        response: { 200: ZPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      return receiveOrder(
        deps,
        principal,
        request.params.id,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
    },
  );

  app.post(
    API.purchaseOrders.close,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'closePurchaseOrder',
        summary: 'Close an order: the rest will not come',
        description:
          'SENT or PARTIALLY_RECEIVED -> CLOSED; nothing is outstanding afterwards. Other states 409.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => closeOrder(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.purchaseOrders.cancel,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'cancelPurchaseOrder',
        summary: 'Cancel an order before anything arrived',
        description: 'DRAFT, or SENT with nothing received -> CANCELLED. Other states 409.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZPurchaseOrder, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => cancelOrder(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.purchaseOrders.document,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getPurchaseOrderDocument',
        summary: 'The purchase order as a PDF for the supplier',
        description:
          'Business name, order number, supplier, delivery location, expected date, the lines (SKU, ' +
          'name, quantity, unit cost, line total) and the total. For roles that see costs only (403 otherwise).',
        params: ZIdParams,
        produces: ['application/pdf', 'application/json'],
        response: {
          // The bytes as they are: Fastify sends a Buffer without the serialiser.
          200: z
            .custom<Buffer>((value) => Buffer.isBuffer(value))
            .meta({ type: 'string', format: 'binary', description: 'The purchase order, application/pdf' }),
          403: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const document = await orderDocument(deps, requirePrincipal(request.principal), request.params.id);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${document.filename}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(document.pdf);
    },
  );
};
