import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { AdjustDialog } from './components/adjust-dialog';
import { HIGH_STREET, OAT_MILK, RYE_BREAD, makeLedgerEntry, pageOf, suggestionOf } from './test-data';
import { bodyOf, renderStockTab } from './test-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function rowOf(sku: string) {
  return within(screen.getByRole('table', { name: 'Stock' }))
    .getByText(sku)
    .closest('tr')!;
}

async function openRowAction(action: string, sku: string) {
  await screen.findByText(sku);
  await userEvent.click(within(rowOf(sku)).getByRole('button', { name: `${action} ${sku}` }));
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe(AdjustDialog.name, () => {
  const ADJUST = `/api/inventory/${OAT_MILK.id}/adjust`;

  it('sends the signed change with its reason and note, keyed, and shows the resulting quantity first', async () => {
    const { requests } = renderStockTab([
      { method: 'PUT', path: ADJUST, answer: () => jsonResponse(200, { ...OAT_MILK, quantity: 9 }) },
    ]);
    await openRowAction('Adjust', 'OAT-1L');
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    expect(dialog).toHaveTextContent('OAT-1L at High Street · 12 in stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove units' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Units' }), '3');
    expect(dialog).toHaveTextContent('Quantity after the change12 → 9−3');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Damaged' }));
    // Pasted: typed, each character re-renders the dialog and the stock table behind it.
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Note' }));
    await userEvent.paste('Dropped crate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));

    expect(await screen.findByText('Stock adjusted')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe(ADJUST);
    expect(await bodyOf(put)).toEqual({ delta: -3, reason: 'DAMAGED', note: 'Dropped crate' });
    expect(put.headers.get('Idempotency-Key')).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust stock' })).toBeNull());
  });

  it('checks the units and the reason before sending', async () => {
    const { requests } = renderStockTab();
    await openRowAction('Adjust', 'OAT-1L');
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('Enter how many units.')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick a reason for the change.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove units' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Units' }), '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('Only 12 in stock.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows how many are left when the stock ran out meanwhile (409), and a retry reuses the key', async () => {
    let calls = 0;
    const { requests } = renderStockTab([
      {
        method: 'PUT',
        path: ADJUST,
        answer: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse(409, {
                code: 'INSUFFICIENT_STOCK',
                message: 'Only 2 in stock: 5 cannot be taken.',
                details: { available: 2, requested: 5 },
              })
            : jsonResponse(500, {});
        },
      },
    ]);
    await openRowAction('Adjust', 'OAT-1L');
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove units' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Units' }), '5');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lost' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only 2 in stock: 5 cannot be taken.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('Failed to adjust inventory!')).toBeInTheDocument();
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.headers.get('Idempotency-Key')).toBe(puts[0]!.headers.get('Idempotency-Key'));

    // Another change is another action: a new key.
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Units' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Units' }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(3));
    const third = requests.filter((request) => request.method === 'PUT')[2]!;
    expect(third.headers.get('Idempotency-Key')).not.toBe(puts[0]!.headers.get('Idempotency-Key'));
  });
});

describe('CountDialog', () => {
  const COUNT = `/api/inventory/${OAT_MILK.id}/location/${HIGH_STREET.id}`;

  it('shows the difference and sends the counted quantity, keyed', async () => {
    const { requests } = renderStockTab([
      { method: 'PUT', path: COUNT, answer: () => jsonResponse(200, { ...OAT_MILK, quantity: 15 }) },
    ]);
    await openRowAction('Count', 'OAT-1L');
    const dialog = await screen.findByRole('dialog', { name: 'Set counted quantity' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Counted quantity' });
    await userEvent.type(quantity, '12');
    expect(dialog).toHaveTextContent('No difference: the count matches the records.');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '15');
    expect(dialog).toHaveTextContent('Difference recorded12 → 15+3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save count' }));

    expect(await screen.findByText('Counted quantity saved')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe(COUNT);
    expect(await bodyOf(put)).toEqual({ quantity: 15, note: null });
    expect(put.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('refuses a count that is not a whole number', async () => {
    const { requests } = renderStockTab();
    await openRowAction('Count', 'OAT-1L');
    const dialog = await screen.findByRole('dialog', { name: 'Set counted quantity' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Counted quantity' }), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save count' }));
    expect(await within(dialog).findByText('Enter a whole number from 0.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe('AddStockDialog', () => {
  const suggestions = {
    path: '/api/inventory/search/sku',
    answer: () => jsonResponse(200, pageOf([suggestionOf(RYE_BREAD, false)])),
  };

  it('says at once that a product with a record here cannot have a second one, and sends nothing', async () => {
    const { requests } = renderStockTab([
      {
        path: '/api/inventory/search/sku',
        answer: () => jsonResponse(200, pageOf([suggestionOf(OAT_MILK)])),
      },
    ]);
    await screen.findByText('OAT-1L');
    await userEvent.click(screen.getByRole('button', { name: 'Add stock record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock record' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product SKU' }), 'OAT');
    await userEvent.click(await screen.findByRole('option', { name: /OAT-1L/ }));
    expect(within(dialog).getByText(/has a stock record here already/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stock record' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('picks the product by its SKU and sends the opening quantity and reorder point, keyed', async () => {
    const { requests } = renderStockTab([
      suggestions,
      { method: 'POST', path: '/api/inventory', answer: () => jsonResponse(201, RYE_BREAD) },
    ]);
    await screen.findByText('OAT-1L');
    await userEvent.click(screen.getByRole('button', { name: 'Add stock record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock record' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product SKU' }), 'RYE');
    await userEvent.click(await screen.findByRole('option', { name: /RYE-800/ }));
    expect(dialog).toHaveTextContent('Rye bread 800 g');
    const quantity = within(dialog).getByRole('textbox', { name: 'Opening quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reorder point' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stock record' }));

    expect(await screen.findByText('Stock record added')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await bodyOf(post)).toEqual({
      productId: RYE_BREAD.productId,
      locationId: HIGH_STREET.id,
      quantity: 40,
      reorderPoint: 10,
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('asks for a product, and shows the failure toast of the specification', async () => {
    const { requests } = renderStockTab([
      suggestions,
      { method: 'POST', path: '/api/inventory', answer: () => jsonResponse(500, {}) },
    ]);
    await screen.findByText('OAT-1L');
    await userEvent.click(screen.getByRole('button', { name: 'Add stock record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock record' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stock record' }));
    expect(await within(dialog).findByText('Pick the product by its SKU.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product SKU' }), 'RYE');
    await userEvent.click(await screen.findByRole('option', { name: /RYE-800/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stock record' }));
    expect(await screen.findByText('Failed to create inventory!')).toBeInTheDocument();
  });

  it('says so at the product when it has its record here already', async () => {
    renderStockTab([
      suggestions,
      {
        method: 'POST',
        path: '/api/inventory',
        answer: () =>
          jsonResponse(409, {
            code: 'CONFLICT',
            message: 'RYE-800 has a stock record at High Street already.',
            details: { field: 'productId' },
          }),
      },
    ]);
    await screen.findByText('OAT-1L');
    await userEvent.click(screen.getByRole('button', { name: 'Add stock record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock record' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product SKU' }), 'RYE');
    await userEvent.click(await screen.findByRole('option', { name: /RYE-800/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stock record' }));
    expect(
      await within(dialog).findByText('RYE-800 has a stock record at High Street already.'),
    ).toBeInTheDocument();
  });
});

describe('HistoryDrawer', () => {
  it('says the opening quantity as such, and references as short names with the whole one in the tooltip', async () => {
    const transfer = 'e196fdac-81b6-478a-b52e-68569a78c159';
    const upload = '7427f8bd-17c5-4b5c-a560-cc1212c24966';
    const entries = [
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000013',
        delta: -7,
        quantityAfter: 38,
        reason: 'MOVEMENT_OUT',
        reference: transfer,
      }),
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000012',
        delta: 5,
        quantityAfter: 45,
        reason: 'UPLOAD',
        reference: upload,
        note: 'Spreadsheet row 3',
      }),
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000011',
        delta: 40,
        quantityAfter: 40,
        reason: 'COUNT',
        reference: 'OPENING',
      }),
    ];
    renderStockTab([
      {
        path: `/api/inventory/${OAT_MILK.id}/ledger`,
        answer: () => jsonResponse(200, pageOf(entries, 0, 20, 3)),
      },
    ]);
    await openRowAction('History', 'OAT-1L');
    const drawer = await screen.findByRole('dialog', { name: 'Stock history' });
    const ledger = await within(drawer).findByRole('table', { name: 'History of OAT-1L' });
    const rows = await within(ledger).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Sent to another location');
    expect(within(rows[1]!).getByText('Transfer E196FDAC')).toHaveAttribute('title', transfer);
    expect(rows[1]).not.toHaveTextContent(transfer);
    expect(within(rows[2]!).getByText('Upload 7427F8BD')).toHaveAttribute('title', upload);
    expect(rows[2]).toHaveTextContent('Spreadsheet row 3');
    expect(rows[3]).toHaveTextContent('Opening quantity');
    expect(rows[3]).not.toHaveTextContent('Stock count');
    expect(rows[3]).not.toHaveTextContent('OPENING');
    expect(within(drawer).getByText('1–3 of 3 changes')).toBeInTheDocument();
  });

  it('counts a single change in the singular', async () => {
    const entries = [
      makeLedgerEntry({ id: 'e0000000-0000-4000-8000-000000000021', delta: 4, quantityAfter: 4 }),
    ];
    renderStockTab([
      {
        path: `/api/inventory/${OAT_MILK.id}/ledger`,
        answer: () => jsonResponse(200, pageOf(entries, 0, 20, 1)),
      },
    ]);
    await openRowAction('History', 'OAT-1L');
    const drawer = await screen.findByRole('dialog', { name: 'Stock history' });
    expect(await within(drawer).findByText('1–1 of 1 change')).toBeInTheDocument();
  });

  it("lists the item's ledger newest first, with the sign and colour of each change, page by page", async () => {
    const entries = [
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000003',
        delta: -3,
        quantityAfter: 12,
        cause: 'DAMAGED',
        note: 'Dropped crate',
        createdAt: '2026-03-03T10:00:00.000Z',
      }),
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000002',
        delta: 5,
        quantityAfter: 15,
        reason: 'MOVEMENT_IN',
        reference: 'movement 7c1d',
        userName: null,
      }),
      makeLedgerEntry({
        id: 'e0000000-0000-4000-8000-000000000001',
        delta: 10,
        quantityAfter: 10,
        reason: 'UPLOAD',
      }),
    ];
    const { requests } = renderStockTab([
      {
        path: `/api/inventory/${OAT_MILK.id}/ledger`,
        answer: (request) => {
          const page = Number(new URL(request.url).searchParams.get('page'));
          return jsonResponse(200, pageOf(page === 0 ? entries : [], page, 20, 23));
        },
      },
    ]);
    await openRowAction('History', 'OAT-1L');
    const drawer = await screen.findByRole('dialog', { name: 'Stock history' });
    expect(drawer).toHaveTextContent('Oat milk 1 l');
    const ledger = await within(drawer).findByRole('table', { name: 'History of OAT-1L' });
    const rows = await within(ledger).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Adjustment · Damaged');
    expect(rows[1]).toHaveTextContent('Dropped crate');
    expect(rows[1]).toHaveTextContent('Ada Owner');
    expect(within(rows[1]!).getByText('−3')).toHaveStyle({ fontWeight: 600 });
    expect(rows[2]).toHaveTextContent('Received from another location');
    expect(rows[2]).toHaveTextContent('Ref. movement 7c1d');
    expect(rows[2]).toHaveTextContent('+5');
    expect(rows[2]).toHaveTextContent('A colleague');
    expect(rows[3]).toHaveTextContent('Spreadsheet upload');
    expect(within(drawer).getByText('1–20 of 23 changes')).toBeInTheDocument();
    expect(rows[3]).not.toHaveTextContent('Ref.');

    const first = requests.find((request) => request.url.includes('/ledger'))!;
    expect(Object.fromEntries(new URL(first.url).searchParams)).toEqual({ page: '0', size: '20' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.includes('/ledger') && request.url.includes('page=1')),
      ).toBe(true),
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close history' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stock history' })).toBeNull());
  });
});
