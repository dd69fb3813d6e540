import { randomUUID } from 'node:crypto';
import type { TLoyaltyProgram, TLoyaltyRules } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError, fieldError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import { applyOverrides, overridableKeys } from '../loyalty-rules.js';
import { requireTemplate, rulesOf } from '../templates/loyalty-templates.service.js';
import type { TemplateRow } from '../templates/loyalty-templates.repository.js';
import {
  findActiveProgram,
  findProgram,
  insertProgram,
  setProgramActive,
  updateOverrides,
  type ProgramRow,
} from './loyalty-program.repository.js';

/**
 * The business's loyalty programme (feature LOYALTY): one active at a time, built from a
 * template, with overrides of its rules. Activating another template or reactivating another
 * programme switches over in one transaction; the business row is locked first, so two switches
 * at once queue instead of both passing the one-active check.
 */

const NO_ACTIVE_PROGRAM = 'No loyalty programme is active.';
const PROGRAM_NOT_FOUND = 'The loyalty programme was not found.';

export async function getActiveProgram(deps: LoyaltyDeps, principal: Principal): Promise<TLoyaltyProgram> {
  return inTenant(deps.db, principal, async (scope) => {
    const program = await findActiveProgram(scope, { lock: false });
    if (!program) throw new AppError('NOT_FOUND', NO_ACTIVE_PROGRAM);
    return toProgram(program, await requireTemplate(scope, program.templateId));
  });
}

/** A new programme of the template (no overrides), in place of the active one. */
export async function activateProgram(
  deps: LoyaltyDeps,
  principal: Principal,
  templateId: string,
): Promise<TLoyaltyProgram> {
  return inTenant(deps.db, principal, async (scope) => {
    await lockForSwitch(scope);
    const template = await requireTemplate(scope, templateId);
    const current = await findActiveProgram(scope, { lock: true });
    if (current?.templateId === template.id) return toProgram(current, template);
    if (!template.active)
      throw new AppError(
        'CONFLICT',
        'This template is switched off. Switch it on to start a programme from it.',
      );
    const now = deps.clock.now();
    if (current) await setProgramActive(scope, current.id, false, now);
    const program = await insertProgram(scope, {
      id: randomUUID(),
      templateId: template.id,
      builtIn: template.builtIn,
      now,
    });
    return toProgram(program, template);
  });
}

/** Stops the active programme; allowed without the plan's LOYALTY, so a downgraded business can stop it. */
export async function deactivateProgram(deps: LoyaltyDeps, principal: Principal): Promise<TLoyaltyProgram> {
  return inTenant(deps.db, principal, async (scope) => {
    await planOfBusiness(scope, { lock: true });
    const current = await findActiveProgram(scope, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', NO_ACTIVE_PROGRAM);
    const program = await setProgramActive(scope, current.id, false, deps.clock.now());
    return toProgram(program, await requireTemplate(scope, program.templateId));
  });
}

/** An earlier programme again, with its overrides, in place of the active one. */
export async function reactivateProgram(
  deps: LoyaltyDeps,
  principal: Principal,
  programId: string,
): Promise<TLoyaltyProgram> {
  return inTenant(deps.db, principal, async (scope) => {
    await lockForSwitch(scope);
    const program = await requireProgram(scope, programId);
    const template = await requireTemplate(scope, program.templateId);
    if (program.active) return toProgram(program, template);
    const now = deps.clock.now();
    const current = await findActiveProgram(scope, { lock: true });
    if (current) await setProgramActive(scope, current.id, false, now);
    return toProgram(await setProgramActive(scope, program.id, true, now), template);
  });
}

/**
 * Replaces the programme's overrides: settings of its template's rules (not the type), each
 * replacing the template's; the rules they make are checked as a template's (400 naming the
 * override). `{}` returns to the template's rules.
 */
export async function overrideProgram(
  deps: LoyaltyDeps,
  principal: Principal,
  programId: string,
  overrides: Record<string, unknown>,
): Promise<TLoyaltyProgram> {
  return inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
    const program = await requireProgram(scope, programId);
    const template = await requireTemplate(scope, program.templateId);
    const rules = rulesOf(template);
    const known = overridableKeys(rules);
    const unknown = Object.keys(overrides).find((key) => !known.includes(key));
    if (unknown !== undefined)
      throw fieldError(
        `overrides.${unknown}`,
        `A ${rules.type.toLowerCase()} programme has no setting "${unknown}". Its settings: ${known.join(', ')}.`,
      );
    const outcome = applyOverrides(rules, overrides);
    if ('fieldErrors' in outcome) {
      const [first] = Object.values(outcome.fieldErrors).flat();
      throw new AppError('VALIDATION_ERROR', first ?? 'The overrides are not valid.', {
        fieldErrors: outcome.fieldErrors,
      });
    }
    // Stored as checked: the settings as the schema reads them (amounts as "12.50").
    const checked = Object.fromEntries(
      known.filter((key) => key in overrides).map((key) => [key, settingOf(outcome.rules, key)]),
    );
    return toProgram(await updateOverrides(scope, program.id, checked), template);
  });
}

/**
 * For sales and members: the active programme's rules, or undefined when none is active or the
 * plan no longer has LOYALTY (a downgraded business's programme earns nothing until it upgrades).
 */
export async function activeRules(
  scope: TenantScope,
): Promise<{ programId: string; rules: TLoyaltyRules } | undefined> {
  const program = await findActiveProgram(scope, { lock: false });
  if (!program) return undefined;
  if (!(await planOfBusiness(scope, { lock: false })).features.includes('LOYALTY')) return undefined;
  return {
    programId: program.id,
    rules: effectiveRules(program, await requireTemplate(scope, program.templateId)),
  };
}

/** The plan gate and the lock every switch of programme takes first. */
async function lockForSwitch(scope: TenantScope): Promise<void> {
  assertFeature(await planOfBusiness(scope, { lock: true }), 'LOYALTY');
}

async function requireProgram(scope: TenantScope, id: string): Promise<ProgramRow> {
  const program = await findProgram(scope, id);
  if (!program) throw new AppError('NOT_FOUND', PROGRAM_NOT_FOUND);
  return program;
}

function settingOf(rules: TLoyaltyRules, key: string): unknown {
  return (rules as Record<string, unknown>)[key];
}

/**
 * The template's rules with the programme's overrides. Overrides were checked against the rules
 * when set, and a template's rules cannot change under a programme into ones they do not fit.
 */
function effectiveRules(program: ProgramRow, template: TemplateRow): TLoyaltyRules {
  const outcome = applyOverrides(rulesOf(template), program.overrides);
  if ('fieldErrors' in outcome)
    throw new Error(`programme ${program.id} has overrides its template does not take`);
  return outcome.rules;
}

function toProgram(program: ProgramRow, template: TemplateRow): TLoyaltyProgram {
  const rules = effectiveRules(program, template);
  return {
    id: program.id,
    programId: program.id,
    templateId: template.id,
    templateName: template.name,
    type: rules.type,
    rules,
    overrides: program.overrides,
    active: program.active,
    activatedAt: program.activatedAt.toISOString(),
    deactivatedAt: program.deactivatedAt?.toISOString() ?? null,
  };
}
