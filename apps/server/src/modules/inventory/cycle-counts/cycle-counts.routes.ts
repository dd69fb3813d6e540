import {
  API,
  MAX_ACCEPTED_PER_REVIEW,
  MAX_CYCLE_COUNT_LINES,
  ZAbcClasses,
  ZCreateCycleCountRequest,
  ZCycleCount,
  ZCycleCountListQuery,
  ZCycleCountPage,
  ZEnterCountsRequest,
  ZErrorBody,
  ZIdParams,
  ZLocationIdParams,
  ZNoBody,
  ZReviewCycleCountRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { enterCounts, reviewCycleCount } from './cycle-count-entries.service.js';
import { sheetFor, summaryFor } from './cycle-count-mapper.js';
import {
  cancelCycleCount,
  completeCycleCount,
  createCycleCount,
  listCycleCounts,
  readAbcClasses,
  readCycleCount,
} from './cycle-counts.service.js';

const TAGS = ['cycle-counts'];

/*
 * Who does what: inventory readers (and store assistants) read sheets; inventory contributors and
 * admins start, complete and cancel them (inventory:create); whoever adjusts stock counts, store
 * assistants included (inventory:adjust); only those who may update inventory review, since
 * acceptance writes to the stock (inventory:update: not store assistants).
 */

/** Cycle counts (issue 16): count sheets with frozen expectations, counts while selling, and review. */
export const cycleCountsRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  app.post(
    API.cycleCounts.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createCycleCount',
        summary: 'Start a count sheet of a location',
        description:
          'One line per active stock record of the location in scope (all, some categories, some ' +
          'products, or one ABC class), with the quantity and the unit cost (average cost, else cost ' +
          'price) frozen now. Categories and products must be of that location (404 naming ' +
          `details.index). Nothing in scope, or more than ${MAX_CYCLE_COUNT_LINES} lines, answers 422. ` +
          'Records CYCLE_COUNT_CREATION.',
        body: ZCreateCycleCountRequest,
        response: { 201: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCycleCount(deps, requirePrincipal(request.principal), request.body)),
  );

  app.get(
    API.cycleCounts.root,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listCycleCounts',
        summary: 'A page of count sheets, newest first',
        description:
          'Optionally of one location (404 when it is not of the business) and one status. Each ' +
          'sheet carries its net variance (units and value) over the lines counted or accepted; a ' +
          'counter who does not review gets no variance (a blind count).',
        querystring: ZCycleCountListQuery,
        response: { 200: ZCycleCountPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const page = await listCycleCounts(deps, principal, request.query);
      return { ...page, content: page.content.map((summary) => summaryFor(principal.roles, summary)) };
    },
  );

  app.get(
    API.cycleCounts.abcClasses,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listAbcClasses',
        summary: 'The ABC class of each active item of a location, from its sales value',
        description:
          'Sales less refunds at the location over the last 90 days, today included, in the ' +
          "business's time zone. Ranked by value: A are the items needed to reach 80% of the total, " +
          'B the next 15%, C the rest and every item without sales. The ABC scope of a sheet uses the same classes.',
        params: ZLocationIdParams,
        response: { 200: ZAbcClasses, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => readAbcClasses(deps, requirePrincipal(request.principal), request.params.locationId),
  );

  app.get(
    API.cycleCounts.byId,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getCycleCount',
        summary: 'A count sheet with its lines and totals',
        description:
          'Each line: expected (frozen), counted, movedSinceFreeze (the ledger between the freeze ' +
          'and the count), the variance counted − (expected + moved) in units and at the frozen ' +
          'unit cost, and its status. Totals are over the lines counted or accepted.',
        params: ZIdParams,
        response: { 200: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      return sheetFor(principal.roles, await readCycleCount(deps, principal, request.params.id));
    },
  );

  app.post(
    API.cycleCounts.counts,
    {
      config: { access: { permission: 'inventory:adjust' } },
      schema: {
        tags: TAGS,
        operationId: 'enterCycleCounts',
        summary: 'Enter counted quantities',
        description:
          'Each count names its line by lineNo or productId. The shop may keep selling: what the ' +
          'item moved since the freeze is recorded with the count. A line counted already waits for ' +
          'its review (409); a line sent back for recount takes a new count and keeps the earlier ' +
          'one as previousCountedQuantity. A line named twice is 400, a line not on the sheet 404 ' +
          '(details.index). Records CYCLE_COUNT_ENTRY.' +
          IDEMPOTENCY_DESCRIPTION,
        params: ZIdParams,
        body: ZEnterCountsRequest,
        response: { 200: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await enterCounts(
        deps,
        principal,
        request.params.id,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(sheetFor(principal.roles, answer.body));
    },
  );

  app.post(
    API.cycleCounts.review,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: TAGS,
        operationId: 'reviewCycleCount',
        summary: 'Accept counted lines or send them back for recount',
        description:
          'Accepted lines write their variance to the stock as COUNT rows of the ledger referencing ' +
          'the sheet: a change from the quantity now, so sales since the count stay counted (a ' +
          'variance of 0 writes a 0 row confirming the stock). A change the stock refuses (it ' +
          'sold meanwhile and would go below 0) is 409 naming the line, and nothing is written. ' +
          `Only COUNTED lines are reviewed (409 otherwise); at most ${MAX_ACCEPTED_PER_REVIEW} accepted per ` +
          'call (their items stay locked until it commits). Records CYCLE_COUNT_REVIEW.' +
          IDEMPOTENCY_DESCRIPTION,
        params: ZIdParams,
        body: ZReviewCycleCountRequest,
        response: { 200: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await reviewCycleCount(
        deps,
        principal,
        request.params.id,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.post(
    API.cycleCounts.complete,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'completeCycleCount',
        summary: 'Close a count sheet',
        description:
          'Once no line waits for a review or a recount (409 naming them otherwise). Lines never ' +
          'counted are left as they are: their stock is not touched. Records CYCLE_COUNT_COMPLETION.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => completeCycleCount(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.cycleCounts.cancel,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'cancelCycleCount',
        summary: 'Cancel a count sheet under way',
        description:
          'Lines accepted before stay in the stock and its ledger; nothing else changes. A ' +
          'completed or cancelled sheet answers 409. Records CYCLE_COUNT_CANCELLATION.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZCycleCount, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => cancelCycleCount(deps, requirePrincipal(request.principal), request.params.id),
  );
};
