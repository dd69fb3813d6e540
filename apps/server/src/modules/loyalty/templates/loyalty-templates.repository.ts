import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * The templates a business sees: the built-in catalogue (global, read-only) and its own, read as
 * one list by name. `built_in` tells them apart; ids never collide (both are UUIDs).
 */

export type TemplateRow = {
  id: string;
  name: string;
  description: string;
  type: string;
  rules: unknown;
  active: boolean;
  builtIn: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `id, name, description, type, rules, active, created_at as "createdAt", updated_at as "updatedAt"`;

const BOTH = `
  select ${COLUMNS}, true as "builtIn" from loyalty_builtin_templates
  union all
  select ${COLUMNS}, false as "builtIn" from loyalty_templates where business_id = $1`;

/** Every template, or the active or discontinued ones, built-in first, then by name. */
export async function findTemplates(scope: TenantScope, active: boolean | null): Promise<TemplateRow[]> {
  const result = await scope.tx.$client.query<TemplateRow>(
    `select * from (${BOTH}) as t ${active === null ? '' : 'where active = $2'}
     order by "builtIn" desc, lower(name), id`,
    active === null ? [scope.businessId] : [scope.businessId, active],
  );
  return result.rows;
}

export async function findTemplate(scope: TenantScope, id: string): Promise<TemplateRow | undefined> {
  const result = await scope.tx.$client.query<TemplateRow>(`select * from (${BOTH}) as t where id = $2`, [
    scope.businessId,
    id,
  ]);
  return result.rows[0];
}

export type TemplateValues = { name: string; description: string; type: string; rules: unknown };

export async function insertTemplate(
  scope: TenantScope,
  id: string,
  values: TemplateValues,
): Promise<TemplateRow> {
  const result = await scope.tx.$client.query<TemplateRow>(
    `insert into loyalty_templates (business_id, id, name, description, type, rules)
     values ($1, $2, $3, $4, $5, $6::jsonb)
     returning ${COLUMNS}, false as "builtIn"`,
    [scope.businessId, id, values.name, values.description, values.type, JSON.stringify(values.rules)],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the insert returned no row');
  return row;
}

/** Changes one of the business's own templates; undefined when it has none by that id. */
export async function updateTemplate(
  scope: TenantScope,
  id: string,
  values: Partial<TemplateValues> & { active?: boolean },
): Promise<TemplateRow | undefined> {
  const result = await scope.tx.$client.query<TemplateRow>(
    `update loyalty_templates set
       name = coalesce($3, name), description = coalesce($4, description), type = coalesce($5, type),
       rules = coalesce($6::jsonb, rules), active = coalesce($7, active), updated_at = now()
     where business_id = $1 and id = $2
     returning ${COLUMNS}, false as "builtIn"`,
    [
      scope.businessId,
      id,
      values.name ?? null,
      values.description ?? null,
      values.type ?? null,
      values.rules === undefined ? null : JSON.stringify(values.rules),
      values.active ?? null,
    ],
  );
  return result.rows[0];
}
