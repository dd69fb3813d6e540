import {
  API,
  MAX_SALE_LINES,
  SALE_BACKDATE_DAYS,
  ZCreateSaleRequest,
  ZErrorBody,
  ZIdParams,
  ZRefundRequest,
  ZSale,
  ZSalePage,
  ZSalesListQuery,
  ZSaleLookupQuery,
  ZSaleProduct,
  ZSaleStoreParams,
  ZTillMember,
  ZTillMemberQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { loyaltyMemberForTill, lookUpForSale } from './sale-lookup.service.js';
import { getSale, listSales } from './sale-reads.service.js';
import type { SalesDeps } from './sales.deps.js';
import { recordSale, refundSale } from './sales.service.js';

const TAGS = ['sales'];
const RETRIES = IDEMPOTENCY_DESCRIPTION.trim();

/** The Sales API (DESIGN 9): record a checkout, refund it, read and list sales. */
export const salesRoutes: FastifyPluginAsyncZod<{ deps: SalesDeps }> = async (app, { deps }) => {
  app.post(
    API.sales.root,
    {
      config: { access: { permission: 'sales:record' } },
      schema: {
        tags: TAGS,
        operationId: 'recordSale',
        summary: 'Record a checkout at a store',
        description:
          `Up to ${MAX_SALE_LINES} lines, each naming a product of the store's location by \`productId\`, ` +
          '`sku` (any case) or `barcode`. Prices come from the product with the discount valid at `soldAt` ' +
          '(default now, at most ' +
          `${SALE_BACKDATE_DAYS} days back); a line's \`unitPrice\` overrides the price (no discount then) and ` +
          'needs product:update (else 403). All lines or none: the stock at the store decreases (ledger ' +
          'reason SALE, the sale id as reference), and a line short of stock answers 409 INSUFFICIENT_STOCK ' +
          'naming it (`details.index`); an unknown or discontinued product is 404 naming the line. ' +
          RETRIES,
        body: ZCreateSaleRequest,
        response: {
          201: ZSale,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const sale = await recordSale(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(201).send(sale);
    },
  );

  app.get(
    API.sales.root,
    {
      config: { access: { permission: 'sales:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listSales',
        summary: 'A page of sales and refunds, newest first',
        description:
          'Filters: `storeId`, `from` (inclusive) and `to` (exclusive) instants of the sale, `kind` ' +
          '(SALE or REFUND). Each row carries the totals and the number of lines, not the lines.',
        querystring: ZSalesListQuery,
        response: { 200: ZSalePage, 400: ZErrorBody },
      },
    },
    async (request) => listSales(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.sales.lookup,
    {
      config: { access: { permission: 'sales:record' } },
      schema: {
        tags: TAGS,
        operationId: 'lookUpProductForSale',
        summary: 'What a scanned or typed code sells at a store, at the price a sale now charges',
        description:
          "For the till: the product the code names at the store's location (a barcode when one matches, " +
          'else a SKU in any case), its price, the discount valid now and the price after it, and the units ' +
          'in stock there. Anyone who may record a sale may ask. 404 for an unknown code, a discontinued ' +
          'product or a store of another business; 409 when the SKU matches several spellings.',
        querystring: ZSaleLookupQuery,
        response: { 200: ZSaleProduct, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => lookUpForSale(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.sales.loyaltyMember,
    {
      config: { access: { permission: 'sales:record' } },
      schema: {
        tags: TAGS,
        operationId: 'lookUpLoyaltyMemberForSale',
        summary: 'The loyalty member a card code, e-mail or phone names, as the till shows her',
        description:
          'For the till: her card code, name, the points she can spend now, her tier and the rewards of the ' +
          'running programme (with whether she can afford each). Anyone who may record a sale may ask; 404 ' +
          'when no member matches.',
        querystring: ZTillMemberQuery,
        response: { 200: ZTillMember, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => loyaltyMemberForTill(deps, requirePrincipal(request.principal), request.query.ref),
  );

  app.get(
    API.sales.byId,
    {
      config: { access: { permission: 'sales:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getSale',
        summary: 'A sale or refund with its lines',
        description: 'Each line of a sale carries `refundedQuantity`, the units refunds gave back so far.',
        params: ZIdParams,
        response: { 200: ZSale, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getSale(deps, requirePrincipal(request.principal), request.params.id),
  );

  const byStore: Array<[string, string, string]> = [
    [API.sales.byStore, 'getSaleOfStore', 'A sale of a store'],
    [API.salesAnalytics.saleByStore, 'getSaleOfStoreForAnalytics', "A sale of a store (the analytics' path)"],
  ];
  for (const [path, operationId, summary] of byStore) {
    app.get(
      path,
      {
        config: { access: { permission: 'sales:read' } },
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description: 'The sale with its lines; 404 when it was not made at that store.',
          params: ZSaleStoreParams,
          response: { 200: ZSale, 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) =>
        getSale(deps, requirePrincipal(request.principal), request.params.saleId, {
          storeId: request.params.storeId,
        }),
    );
  }

  app.post(
    API.sales.refund,
    {
      config: { access: { permission: 'sales:refund' } },
      schema: {
        tags: TAGS,
        operationId: 'refundSale',
        summary: 'Refund some or all of a sale',
        description:
          'Without `lines`, every unit not refunded yet; with them, each `lineNo` of the sale up to what is ' +
          'left of it (409 naming the line). Records a REFUND (negative quantities and amounts at the ' +
          "sale's prices, linked by `refundOf`), puts the units back into the store's stock and answers it. " +
          'A refund cannot be refunded (409), nor a sale refunded in full (409). ' +
          RETRIES,
        params: ZIdParams,
        body: ZRefundRequest,
        response: {
          201: ZSale,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const refund = await refundSale(
        deps,
        principal,
        request.params.id,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(201).send(refund);
    },
  );
};
