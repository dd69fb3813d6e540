import type { TenantScope } from '../../../platform/db/tenancy.js';

/** The business's programmes (`loyalty_programs`), each with the template it is built from. */

export type ProgramRow = {
  id: string;
  /** The built-in or own template's id (one of the two columns). */
  templateId: string;
  builtIn: boolean;
  overrides: Record<string, unknown>;
  active: boolean;
  activatedAt: Date;
  deactivatedAt: Date | null;
};

const COLUMNS = `id, coalesce(builtin_template_id, template_id) as "templateId",
  builtin_template_id is not null as "builtIn", overrides, active,
  activated_at as "activatedAt", deactivated_at as "deactivatedAt"`;

export async function findActiveProgram(
  scope: TenantScope,
  options: { lock: boolean },
): Promise<ProgramRow | undefined> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `select ${COLUMNS} from loyalty_programs where business_id = $1 and active${options.lock ? ' for update' : ''}`,
    [scope.businessId],
  );
  return result.rows[0];
}

export async function findProgram(
  scope: TenantScope,
  id: string,
  options: { lock: boolean } = { lock: true },
): Promise<ProgramRow | undefined> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `select ${COLUMNS} from loyalty_programs where business_id = $1 and id = $2${options.lock ? ' for update' : ''}`,
    [scope.businessId, id],
  );
  return result.rows[0];
}

/** The programme last built from a template, to reactivate it with its overrides. */
export async function findLatestProgramOfTemplate(
  scope: TenantScope,
  templateId: string,
): Promise<ProgramRow | undefined> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `select ${COLUMNS} from loyalty_programs
     where business_id = $1 and (builtin_template_id = $2 or template_id = $2)
     order by activated_at desc, id desc limit 1 for update`,
    [scope.businessId, templateId],
  );
  return result.rows[0];
}

export async function findProgramsOfTemplate(scope: TenantScope, templateId: string): Promise<ProgramRow[]> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `select ${COLUMNS} from loyalty_programs where business_id = $1 and template_id = $2`,
    [scope.businessId, templateId],
  );
  return result.rows;
}

export async function insertProgram(
  scope: TenantScope,
  values: { id: string; templateId: string; builtIn: boolean; now: Date },
): Promise<ProgramRow> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `insert into loyalty_programs (business_id, id, builtin_template_id, template_id, active, activated_at)
     values ($1, $2, $3, $4, true, $5)
     returning ${COLUMNS}`,
    [
      scope.businessId,
      values.id,
      values.builtIn ? values.templateId : null,
      values.builtIn ? null : values.templateId,
      values.now,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the insert returned no row');
  return row;
}

/** Switches a programme on (from `now`) or off (at `now`). */
export async function setProgramActive(
  scope: TenantScope,
  id: string,
  active: boolean,
  now: Date,
): Promise<ProgramRow> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `update loyalty_programs set active = $3,
       activated_at = case when $3 then $4 else activated_at end,
       deactivated_at = case when $3 then null else $4 end,
       updated_at = now()
     where business_id = $1 and id = $2
     returning ${COLUMNS}`,
    [scope.businessId, id, active, now],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no programme ${id}`);
  return row;
}

export async function updateOverrides(
  scope: TenantScope,
  id: string,
  overrides: Record<string, unknown>,
): Promise<ProgramRow> {
  const result = await scope.tx.$client.query<ProgramRow>(
    `update loyalty_programs set overrides = $3::jsonb, updated_at = now()
     where business_id = $1 and id = $2
     returning ${COLUMNS}`,
    [scope.businessId, id, JSON.stringify(overrides)],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no programme ${id}`);
  return row;
}
