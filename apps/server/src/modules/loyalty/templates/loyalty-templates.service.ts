import { randomUUID } from 'node:crypto';
import {
  ZLoyaltyRules,
  type TLoyaltyRules,
  type TLoyaltyTemplate,
  type ZLoyaltyTemplateRequest,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import { applyOverrides } from '../loyalty-rules.js';
import { findProgramsOfTemplate } from '../programs/loyalty-program.repository.js';
import {
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate,
  type TemplateRow,
} from './loyalty-templates.repository.js';

/**
 * Loyalty templates: the built-in catalogue every business reads, and the business's own designs,
 * which it creates, edits and switches on and off (feature LOYALTY). Built-in templates are
 * read-only: a business that wants another design makes its own.
 */

export type TemplateInput = z.output<typeof ZLoyaltyTemplateRequest>;

export const TEMPLATE_NOT_FOUND = 'The loyalty template was not found.';
const BUILT_IN_READ_ONLY =
  'Built-in templates cannot be changed. Create a template of your own, or override the rules of your programme.';

export async function listTemplates(
  deps: LoyaltyDeps,
  principal: Principal,
  active: boolean | null,
): Promise<TLoyaltyTemplate[]> {
  return inTenant(deps.db, principal, async (scope) => (await findTemplates(scope, active)).map(toTemplate));
}

export async function getTemplate(
  deps: LoyaltyDeps,
  principal: Principal,
  id: string,
): Promise<TLoyaltyTemplate> {
  return inTenant(deps.db, principal, async (scope) => toTemplate(await requireTemplate(scope, id)));
}

export async function createTemplate(
  deps: LoyaltyDeps,
  principal: Principal,
  input: TemplateInput,
): Promise<TLoyaltyTemplate> {
  return withNameClash(input.name, () =>
    inTenant(deps.db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
      return toTemplate(
        await insertTemplate(scope, randomUUID(), {
          name: input.name,
          description: input.description,
          type: input.rules.type,
          rules: input.rules,
        }),
      );
    }),
  );
}

/**
 * Replaces one of the business's own templates. A template a programme is built from keeps its
 * type, and its new rules must still take each such programme's overrides (409 otherwise): the
 * rules a programme earns by stay valid.
 */
export async function changeTemplate(
  deps: LoyaltyDeps,
  principal: Principal,
  id: string,
  input: TemplateInput,
): Promise<TLoyaltyTemplate> {
  return withNameClash(input.name, () =>
    inTenant(deps.db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
      const current = await requireOwnTemplate(scope, id);
      for (const program of await findProgramsOfTemplate(scope, id)) {
        if (current.type !== input.rules.type)
          throw new AppError(
            'CONFLICT',
            'A programme is built from this template: its type cannot change. Create a new template instead.',
            { field: 'rules.type' },
          );
        const outcome = applyOverrides(input.rules, program.overrides);
        if ('fieldErrors' in outcome)
          throw new AppError(
            'CONFLICT',
            'These rules do not take the overrides of a programme built from this template. Change the overrides first.',
            { fieldErrors: outcome.fieldErrors },
          );
      }
      const row = await updateTemplate(scope, id, {
        name: input.name,
        description: input.description,
        type: input.rules.type,
        rules: input.rules,
      });
      if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
      return toTemplate(row);
    }),
  );
}

/** Switches one of the business's own templates on or off; an active programme built from it runs on. */
export async function setTemplateActive(
  deps: LoyaltyDeps,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<TLoyaltyTemplate> {
  return inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
    await requireOwnTemplate(scope, id);
    const row = await updateTemplate(scope, id, { active });
    if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    return toTemplate(row);
  });
}

/** For programmes: a template the business sees, or 404. */
export async function requireTemplate(scope: TenantScope, id: string): Promise<TemplateRow> {
  const row = await findTemplate(scope, id);
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return row;
}

async function requireOwnTemplate(scope: TenantScope, id: string): Promise<TemplateRow> {
  const row = await requireTemplate(scope, id);
  if (row.builtIn) throw new AppError('CONFLICT', BUILT_IN_READ_ONLY);
  return row;
}

/** Rules as stored (jsonb written from checked rules), read back through the same schema. */
export function rulesOf(row: Pick<TemplateRow, 'rules'>): TLoyaltyRules {
  return ZLoyaltyRules.parse(row.rules);
}

function toTemplate(row: TemplateRow): TLoyaltyTemplate {
  const rules = rulesOf(row);
  return {
    id: row.id,
    templateId: row.id,
    name: row.name,
    description: row.description,
    type: rules.type,
    rules,
    active: row.active,
    builtIn: row.builtIn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The unique index on (business, lower(name)) decides a clash: 409 on the name. */
async function withNameClash<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', `A loyalty template named "${name}" already exists.`, { field: 'name' });
  }
}
