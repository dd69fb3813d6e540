import fastifyMultipart from '@fastify/multipart';
import {
  API,
  PRODUCT_IMAGE_MAX_BYTES,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZProduct,
  ZProductAtLocationParams,
  ZProductBarcodeParams,
  ZProductCount,
  ZProductListQuery,
  ZProductLocationParams,
  ZProductLocationQuery,
  ZProductPage,
  ZProductRequest,
  ZProductSearchQuery,
  ZProductSkuParams,
  ZProductWithEntities,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { parseWith, readMultipartForm } from '../../../platform/http/multipart-form.js';
import { fieldError } from '../../../platform/http/app-error.js';
import type { ProductDeps } from '../product.deps.js';
import { listProductsAt, searchProducts } from './product-list.service.js';
import { deleteProduct, generateBarcode, setProductActive } from './product-lifecycle.service.js';
import { createProduct, updateProduct, type ProductInput } from './product-writes.service.js';
import {
  countArticles,
  getProduct,
  getProductByCode,
  getProductWithEntities,
} from './product-reads.service.js';

const TAGS = ['products'];
const FORM_FIELDS = [
  'name',
  'sku',
  'barcode',
  'description',
  'price',
  'costPrice',
  'categoryId',
  'supplierId',
  'locationId',
  'unit',
  'reorderPoint',
] as const;
const FORM_DESCRIPTION =
  'multipart/form-data with the text fields name, sku, barcode?, description?, price, costPrice?, ' +
  'categoryId?, supplierId?, locationId, locationIds? (repeated once per further location), unit?, ' +
  'reorderPoint?, and an optional file `image` (JPEG, PNG or WebP, at most 5 MB).';

export const productsRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  // Here, not on the app: the plugin hooks every request of its context, and only these take files.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PRODUCT_IMAGE_MAX_BYTES,
      files: 1,
      fields: FORM_FIELDS.length + 100,
      parts: FORM_FIELDS.length + 102,
      fieldSize: 16 * 1024,
    },
  });

  app.post(
    API.products.root,
    {
      config: { access: { permission: 'product:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createProduct',
        summary: 'Create a product at a location, and the same article at further locations',
        description:
          `${FORM_DESCRIPTION} All locations are written in one transaction. SKU and barcode are unique ` +
          'per location (409 with details.field). The plan limits distinct SKUs in the business. ' +
          'Answers the product at locationId.',
        consumes: ['multipart/form-data'],
        response: {
          201: ZProduct,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { input, image } = await readProductForm(request);
      return reply.code(201).send(await createProduct(deps, principal, input, image));
    },
  );

  app.get(
    API.products.byId,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getProduct',
        summary: 'A product at a location',
        description: 'Answers 404 when the product is not at that location.',
        params: ZIdParams,
        querystring: ZProductLocationQuery,
        response: { 200: ZProduct, 404: ZErrorBody },
      },
    },
    async (request) =>
      getProduct(deps, requirePrincipal(request.principal), request.params.id, request.query.locationId),
  );

  app.put(
    API.products.byId,
    {
      config: { access: { permission: 'product:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateProduct',
        summary: 'Update a product, and the same article at further locations',
        description:
          `JSON, or ${FORM_DESCRIPTION} locationId is the product's own location; each of locationIds ` +
          'gets the same changes on the article (its SKU before the change), created there when missing, ' +
          'in one transaction. The fields replace the stored ones (a field left out is cleared, unit ' +
          'becomes pcs); without a new image the image stays.',
        consumes: ['application/json', 'multipart/form-data'],
        params: ZIdParams,
        // Null for a multipart request: the handler reads the form then.
        body: ZProductRequest.nullish(),
        response: {
          200: ZProduct,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      let form: { input: ProductInput; image: Buffer | null };
      if (request.isMultipart()) form = await readProductForm(request);
      else if (request.body) form = { input: request.body, image: null };
      else throw fieldError('body', 'Send the product as JSON or as multipart/form-data.');
      return updateProduct(deps, principal, request.params.id, form.input, form.image);
    },
  );

  app.post(
    API.products.generateBarcode,
    {
      config: { access: { permission: 'product:update' } },
      schema: {
        tags: TAGS,
        operationId: 'generateProductBarcode',
        summary: 'Give a product an in-store EAN-13 barcode',
        description:
          'An EAN-13 with a prefix from 20 to 29 and a correct check digit, unused in the business. It is ' +
          'set on every row of the article (same SKU) without a barcode. A product that has one answers 409.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZProduct, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => generateBarcode(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.products.withEntities,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getProductWithEntities',
        summary: 'A product with its category, supplier and location',
        params: ZIdParams,
        response: { 200: ZProductWithEntities, 404: ZErrorBody },
      },
    },
    async (request) => getProductWithEntities(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.products.bySku,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getProductBySku',
        summary: 'The product with a SKU at a location',
        params: ZProductSkuParams,
        response: { 200: ZProduct, 404: ZErrorBody },
      },
    },
    async (request) =>
      getProductByCode(
        deps,
        requirePrincipal(request.principal),
        { sku: request.params.sku },
        request.params.locationId,
      ),
  );

  app.get(
    API.products.byBarcode,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getProductByBarcode',
        summary: 'The product with a barcode at a location',
        params: ZProductBarcodeParams,
        response: { 200: ZProduct, 404: ZErrorBody },
      },
    },
    async (request) =>
      getProductByCode(
        deps,
        requirePrincipal(request.principal),
        { barcode: request.params.barcode },
        request.params.locationId,
      ),
  );

  app.get(
    API.products.byLocation,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listProductsByLocation',
        summary: "A location's products, in the order they were added",
        description:
          'Paged: active products by default, `active=false` the discontinued ones, `active=all` both. ' +
          'A location without any product answers 404 "No products available in this location."; a page ' +
          'past the end is an empty page.',
        params: ZProductLocationParams,
        querystring: ZProductListQuery,
        response: { 200: ZProductPage, 404: ZErrorBody },
      },
    },
    async (request) =>
      listProductsAt(deps, requirePrincipal(request.principal), request.params.locationId, request.query),
  );

  app.delete(
    API.products.atLocation,
    {
      config: { access: { permission: 'product:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteProduct',
        summary: 'Delete a product at a location',
        description:
          'Answers the deleted product. 409 IN_USE once it has stock records or is on a purchase ' +
          'order: discontinue it then.',
        params: ZProductAtLocationParams,
        response: { 200: ZProduct, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      deleteProduct(deps, requirePrincipal(request.principal), request.params.id, request.params.locationId),
  );

  for (const [path, isActive, operationId, summary] of [
    [API.products.reactivate, true, 'reactivateProduct', 'Reactivate a product at a location'],
    [API.products.discontinue, false, 'discontinueProduct', 'Discontinue a product at a location'],
  ] as const) {
    app.patch(
      path,
      {
        config: { access: { permission: 'product:update' } },
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description: 'No body. Answers the product. A discontinued product leaves the default lists.',
          params: ZProductAtLocationParams,
          body: ZNoBody,
          response: { 200: ZProduct, 404: ZErrorBody },
        },
      },
      async (request) =>
        setProductActive(
          deps,
          requirePrincipal(request.principal),
          request.params.id,
          request.params.locationId,
          isActive,
        ),
    );
  }

  app.get(
    API.products.search,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'searchProducts',
        summary: 'Products of a location whose SKU or name starts with the query',
        description:
          'The query is trimmed and compared case-insensitively as a prefix; % and _ match themselves. ' +
          'Ordered by SKU, paged; active products unless `active=all` (or `false`).',
        params: ZProductLocationParams,
        querystring: ZProductSearchQuery,
        response: { 200: ZProductPage, 404: ZErrorBody },
      },
    },
    async (request) =>
      searchProducts(deps, requirePrincipal(request.principal), request.params.locationId, request.query),
  );

  app.get(
    API.products.count,
    {
      config: { access: { permission: 'product:read' } },
      schema: {
        tags: TAGS,
        operationId: 'countProducts',
        summary: 'How many articles (distinct SKUs) the business has',
        response: { 200: ZProductCount },
      },
    },
    async (request) => countArticles(deps, requirePrincipal(request.principal)),
  );
};

/** The product form: its text fields (locationIds repeated) and an optional image. */
async function readProductForm(
  request: FastifyRequest,
): Promise<{ input: ProductInput; image: Buffer | null }> {
  const form = await readMultipartForm(request, {
    fields: FORM_FIELDS,
    repeated: ['locationIds'],
    files: ['image'],
    maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
    what: 'the product',
  });
  return { input: parseWith(ZProductRequest, form.fields), image: form.files.image ?? null };
}
