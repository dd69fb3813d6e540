import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import {
  createMovement,
  downloadDocument,
  movementSetUp,
  otherCode,
  pdfText,
  validate,
} from '../../../test/factories/movements.js';
import { DOCUMENT_MAX_ITEMS } from './movement-document.service.js';
import { CODES_ELSEWHERE } from './transfer-document.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let assistant: string;
let world: Awaited<ReturnType<typeof movementSetUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  ({ assistant } = await staffTokensByRole(t, owner.token, { assistant: 'ROLE_STORE_ASSISTANT' }));
  world = await movementSetUp(t, owner, { quantity: 1000 });
  await t.sql(
    `update locations set street = '12 Dock Road', city = 'Leeds', zip_code = 'LS1 4AP' where id = $1`,
    [world.source.id],
  );
});
afterAll(async () => {
  await t.close();
});

function item(quantity: number) {
  return {
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  };
}

async function printedAt(id: string): Promise<Date | null> {
  const { rows } = await t.sql(`select codes_printed_at from stock_movements where id = $1`, [id]);
  return (rows[0] as { codes_printed_at: Date | null }).codes_printed_at;
}

describe('getMovementDocument', () => {
  it('answers a PDF of the movement: items, both places with the address, status, a QR image', async () => {
    const created = await createMovement(t, owner.token, { ...item(7), note: 'Fragile' });
    const id = created.movements[0]?.id ?? '';
    const res = await downloadDocument(t, owner.token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transfer-${id.slice(0, 8)}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Stock transfer',
      `Movement ${id}`,
      world.source.name,
      '12 Dock Road',
      'LS1 4AP Leeds',
      world.destination.name,
      world.product.sku,
      'Green tea',
      'Waiting at the source',
      'Note: Fragile',
      CODES_ELSEWHERE,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(created.sourceValidationCode);
    expect(await printedAt(id)).toBeNull();
  });

  it("prints the codes on the creator's first download with them, and never again", async () => {
    const created = await createMovement(t, assistant, item(1));
    const id = created.movements[0]?.id ?? '';
    const codes = { source: created.sourceValidationCode, destination: created.destinationValidationCode };

    // Someone else presenting them gets no codes, and marks nothing.
    const stranger = pdfText((await downloadDocument(t, owner.token, id, codes)).rawPayload);
    expect(stranger).toContain(CODES_ELSEWHERE);
    expect(stranger).not.toContain(codes.source);
    expect(await printedAt(id)).toBeNull();

    const first = await downloadDocument(t, assistant, id, codes);
    expect(first.statusCode).toBe(200);
    const printed = pdfText(first.rawPayload);
    expect(printed).toContain(`Source code: ${codes.source}`);
    expect(printed).toContain(`Destination code: ${codes.destination}`);
    expect(printed).not.toContain(CODES_ELSEWHERE);
    expect(await printedAt(id)).not.toBeNull();

    const second = pdfText((await downloadDocument(t, assistant, id, codes)).rawPayload);
    expect(second).toContain(CODES_ELSEWHERE);
    expect(second).not.toContain(codes.source);
    expect(second).not.toContain(codes.destination);
  });

  it('counts a wrong pair presented by the creator as a wrong code', async () => {
    const created = await createMovement(t, assistant, item(1));
    const id = created.movements[0]?.id ?? '';
    const res = await downloadDocument(t, assistant, id, {
      source: created.sourceValidationCode,
      destination: otherCode(created.destinationValidationCode),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_VALIDATION_CODE', details: { attemptsLeft: 4 } });
    const { rows } = await t.sql(
      `select failed_attempts, codes_printed_at from stock_movements where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ failed_attempts: 1, codes_printed_at: null });
  });

  it('refuses one code without the other, or a code that is not 6 digits (400)', async () => {
    const created = await createMovement(t, owner.token, item(1));
    const id = created.movements[0]?.id ?? '';
    const half = await downloadDocument(t, owner.token, id, { source: created.sourceValidationCode });
    expect(half.statusCode).toBe(400);
    expect(half.json().details.fieldErrors).toHaveProperty('x-destination-validation-code');
    const bad = await downloadDocument(t, owner.token, id, { source: '12', destination: '34' });
    expect(bad.statusCode).toBe(400);
  });

  it('prints no codes once the movement is on its way', async () => {
    const created = await createMovement(t, owner.token, item(1));
    const id = created.movements[0]?.id ?? '';
    await validate(t, owner.token, 'source', id, created.sourceValidationCode);
    await validate(t, owner.token, 'destination', id, created.destinationValidationCode);
    const text = pdfText(
      (
        await downloadDocument(t, owner.token, id, {
          source: created.sourceValidationCode,
          destination: created.destinationValidationCode,
        })
      ).rawPayload,
    );
    expect(text).toContain(CODES_ELSEWHERE);
    expect(text).toContain('Arrived');
  });

  it('shows the whole batch from any of its movements, capped with the count of the rest', async () => {
    const count = DOCUMENT_MAX_ITEMS + 3;
    const created = await createMovement(t, owner.token, {
      items: Array.from({ length: count }, () => item(1)),
    });
    const id = created.movements[5]?.id ?? '';
    const res = await downloadDocument(t, owner.token, id);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Batch ${created.batchId}: ${count} items`);
    expect(text).toContain('... and 3 more items: see the batch in the app.');
    expect(text.split(world.product.sku).length - 1).toBe(DOCUMENT_MAX_ITEMS);
  });

  it('answers 404 for an unknown movement', async () => {
    expect((await downloadDocument(t, owner.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});
