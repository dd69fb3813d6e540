import {
  API,
  ZAlert,
  ZAlertRequest,
  ZErrorBody,
  ZIdParams,
  ZInboxPage,
  ZInboxQuery,
  ZNoBody,
  ZReadAllResult,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { AlertsDeps } from './alerts.deps.js';
import {
  changeBroadcast,
  createBroadcast,
  inbox,
  listBusinessAlerts,
  listStoreAlerts,
  readAlert,
  readAllAlerts,
  removeAlert,
} from './alerts.service.js';

const TAGS = ['alerts'];

/**
 * Alerts (001 section 7): broadcasts are written and listed by the analytics roles (spec 6:
 * "analytics, broadcast, communications"); every signed-in user reads her own inbox.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ deps: AlertsDeps }> = async (app, { deps }) => {
  app.post(
    API.alerts.root,
    {
      config: { access: { permission: 'analytics:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createBroadcast',
        summary: 'Send a broadcast to the business or one store',
        description:
          'It reaches the roles it names (every role when none) of the whole business, or the staff of the ' +
          "store's location. Needs the plan's BROADCAST_ALERTS; another business's store is 404.",
        body: ZAlertRequest,
        response: { 201: ZAlert, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBroadcast(deps, requirePrincipal(request.principal), request.body)),
  );

  app.get(
    API.alerts.business,
    {
      config: { access: { permission: 'analytics:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listBusinessAlerts',
        summary: 'The business-wide alerts, newest first, with how many have read each',
        response: { 200: z.array(ZAlert) },
      },
    },
    async (request) => listBusinessAlerts(deps, requirePrincipal(request.principal)),
  );

  app.get(
    API.alerts.inbox,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'listMyAlerts',
        summary: "The signed-in user's alerts, newest first, and how many she has not read",
        description:
          'Alerts addressed to her roles (or to every role), for the whole business or a store at her ' +
          'location, not expired; `severity`, `storeId` and `unread=true` narrow the page, not the count.',
        querystring: ZInboxQuery,
        response: { 200: ZInboxPage, 400: ZErrorBody },
      },
    },
    async (request) => inbox(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.alerts.byId,
    {
      config: { access: { permission: 'analytics:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listStoreAlerts',
        summary: "A store's alerts, newest first (the path's id is the store's)",
        params: ZIdParams,
        response: { 200: z.array(ZAlert), 404: ZErrorBody },
      },
    },
    async (request) => listStoreAlerts(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.alerts.byId,
    {
      config: { access: { permission: 'analytics:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateBroadcast',
        summary: 'Replace a broadcast',
        description: "Alerts the product raised are not edited (404). Needs the plan's BROADCAST_ALERTS.",
        params: ZIdParams,
        body: ZAlertRequest,
        response: { 200: ZAlert, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      changeBroadcast(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.alerts.byId,
    {
      config: { access: { permission: 'analytics:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteAlert',
        summary: 'Remove an alert for everyone',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted'), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await removeAlert(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    API.alerts.read,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'markAlertRead',
        summary: 'Mark one of her alerts read',
        description: 'Once: again changes nothing. An alert not addressed to her is 404.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 204: z.null().describe('Read'), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await readAlert(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    API.alerts.readAll,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'markAllAlertsRead',
        summary: 'Mark every alert of her inbox read',
        description: 'Answers how many were unread; the bell then counts none.',
        body: ZNoBody,
        response: { 200: ZReadAllResult },
      },
    },
    async (request) => readAllAlerts(deps, requirePrincipal(request.principal)),
  );
};
