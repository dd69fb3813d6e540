import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderPanel, sentTo } from '../movements-panel.test-kit';
import {
  COFFEE_SUGGESTION,
  DEPOT,
  HIGH_STREET,
  RIVERSIDE,
  createdOf,
  makeMovement,
  pageOf,
} from '../stock-movements.fixtures';
import { CreateMovementDialog, defaultEnds } from './create-movement-dialog';

const CREATE = '/api/stock-movement/create';
const SUGGESTIONS = {
  path: '/api/stock-movement/search/sku',
  answer: () => jsonResponse(200, pageOf([COFFEE_SUGGESTION])),
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openDialog() {
  await screen.findByText('COF-500');
  await userEvent.click(screen.getByRole('button', { name: 'New movement' }));
  return screen.findByRole('dialog', { name: 'New movement' });
}

function item(dialog: HTMLElement, index: number) {
  return within(dialog).getByRole('group', { name: `Item ${index}` });
}

async function pickSku(group: HTMLElement) {
  await userEvent.type(within(group).getByRole('combobox', { name: 'SKU' }), 'COF');
  await userEvent.click(await screen.findByRole('option', { name: /COF-500/ }));
}

describe(CreateMovementDialog.name, () => {
  it('sends from a warehouse to a store by default', () => {
    expect(defaultEnds([HIGH_STREET, DEPOT, RIVERSIDE], null)).toEqual({
      sourceLocationId: DEPOT.id,
      destinationLocationId: HIGH_STREET.id,
    });
    expect(defaultEnds([HIGH_STREET, DEPOT], HIGH_STREET.id)).toEqual({
      sourceLocationId: HIGH_STREET.id,
      destinationLocationId: DEPOT.id,
    });
  });

  it('creates one movement with a SKU suggested at the source, and shows both codes once', async () => {
    const created = createdOf([makeMovement({ id: '4c000000-0000-4000-8000-0000000000a1', quantity: 7 })]);
    const { requests, store } = renderPanel([
      SUGGESTIONS,
      { method: 'POST', path: CREATE, answer: () => jsonResponse(201, created) },
    ]);
    const dialog = await openDialog();
    const first = item(dialog, 1);
    expect(within(first).getByRole('combobox', { name: 'Source' })).toHaveTextContent('North Depot');
    expect(within(first).getByRole('combobox', { name: 'Destination' })).toHaveTextContent('High Street');

    await pickSku(first);
    expect(within(first).getByText('24 in stock at the source')).toBeInTheDocument();
    const [suggestion] = sentTo(requests, '/api/stock-movement/search/sku');
    expect(Object.fromEntries(suggestion!.query)).toMatchObject({
      locationId: DEPOT.id,
      page: '0',
      size: '10',
    });

    await userEvent.type(within(first).getByRole('textbox', { name: 'Quantity' }), '7');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Weekend restock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create movement' }));

    const codes = await screen.findByRole('dialog', { name: 'Movement created' });
    expect(within(codes).getByTestId('source-code')).toHaveTextContent('482 913');
    expect(within(codes).getByTestId('destination-code')).toHaveTextContent('075 316');
    expect(codes).toHaveTextContent('will not be shown again');
    expect(codes).toHaveTextContent('7 × COF-500 from North Depot to High Street');
    // The create dialog is gone, and its answer with the codes left the store with it.
    await waitFor(() => expect(JSON.stringify(store.getState().api)).not.toContain('482913'));

    const [create] = sentTo(requests, CREATE, 'POST');
    expect(await create!.request.json()).toEqual({
      sku: 'COF-500',
      sourceLocationId: DEPOT.id,
      destinationLocationId: HIGH_STREET.id,
      quantity: 7,
      note: 'Weekend restock',
    });
    expect(create!.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates a batch from several items, each starting with the ends of the one above', async () => {
    const movements = [
      makeMovement({ id: '4c000000-0000-4000-8000-0000000000b1', quantity: 3 }),
      makeMovement({ id: '4c000000-0000-4000-8000-0000000000b2', sku: 'TEA-01', quantity: 4 }),
    ];
    const { requests } = renderPanel([
      SUGGESTIONS,
      { method: 'POST', path: CREATE, answer: () => jsonResponse(201, createdOf(movements)) },
    ]);
    const dialog = await openDialog();
    await pickSku(item(dialog, 1));
    await userEvent.type(within(item(dialog, 1)).getByRole('textbox', { name: 'Quantity' }), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByRole('heading', { name: 'New batch of 2 movements' })).toBeInTheDocument();

    const second = item(dialog, 2);
    expect(within(second).getByRole('combobox', { name: 'Source' })).toHaveTextContent('North Depot');
    await userEvent.click(within(second).getByRole('combobox', { name: 'Destination' }));
    await userEvent.click(await screen.findByRole('option', { name: /Riverside/ }));
    await userEvent.type(within(second).getByRole('combobox', { name: 'SKU' }), 'TEA-01');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Quantity' }), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create batch of 2' }));

    expect(await screen.findByRole('dialog', { name: 'Batch of 2 movements created' })).toBeInTheDocument();
    const [create] = sentTo(requests, CREATE, 'POST');
    expect(await create!.request.json()).toEqual({
      items: [
        { sku: 'COF-500', sourceLocationId: DEPOT.id, destinationLocationId: HIGH_STREET.id, quantity: 3 },
        { sku: 'TEA-01', sourceLocationId: DEPOT.id, destinationLocationId: RIVERSIDE.id, quantity: 4 },
      ],
      note: null,
    });
  });

  it('checks the items before sending, and shows the server refusal at its field', async () => {
    const { requests } = renderPanel([
      SUGGESTIONS,
      {
        method: 'POST',
        path: CREATE,
        answer: () =>
          jsonResponse(400, {
            code: 'VALIDATION_ERROR',
            message: 'Check the movement.',
            details: { fieldErrors: { quantity: ['The quantity is at most 1000000000.'] } },
          }),
      },
    ]);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create movement' }));
    expect(await within(dialog).findByText('Enter the SKU.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the quantity.')).toBeInTheDocument();
    expect(sentTo(requests, CREATE, 'POST')).toHaveLength(0);

    await userEvent.click(within(item(dialog, 1)).getByRole('combobox', { name: 'Destination' }));
    await userEvent.click(await screen.findByRole('option', { name: /North Depot/ }));
    await userEvent.type(within(item(dialog, 1)).getByRole('combobox', { name: 'SKU' }), 'COF-500');
    await userEvent.type(within(item(dialog, 1)).getByRole('textbox', { name: 'Quantity' }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create movement' }));
    expect(
      await within(dialog).findByText('The source and the destination must be different locations.'),
    ).toBeInTheDocument();

    await userEvent.click(within(item(dialog, 1)).getByRole('combobox', { name: 'Destination' }));
    await userEvent.click(await screen.findByRole('option', { name: /Riverside/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create movement' }));
    expect(await within(dialog).findByText('The quantity is at most 1000000000.')).toBeInTheDocument();
  });

  describe('the codes', () => {
    async function createOne(extraRoutes: Parameters<typeof renderPanel>[0] = []) {
      const created = createdOf([makeMovement({ id: '4c000000-0000-4000-8000-0000000000c1' })]);
      const view = renderPanel([
        SUGGESTIONS,
        { method: 'POST', path: CREATE, answer: () => jsonResponse(201, created) },
        ...extraRoutes,
      ]);
      const dialog = await openDialog();
      await pickSku(item(dialog, 1));
      await userEvent.type(within(item(dialog, 1)).getByRole('textbox', { name: 'Quantity' }), '12');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create movement' }));
      return { ...view, codes: await screen.findByRole('dialog', { name: 'Movement created' }) };
    }

    it('asks before closing when the document was not printed, and never shows the codes again', async () => {
      const { codes } = await createOne();
      await userEvent.keyboard('{Escape}');
      const confirm = await screen.findByRole('dialog', { name: 'Close without the transfer document?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Go back' }));
      await waitFor(() => expect(confirm).not.toBeInTheDocument());
      expect(codes).toHaveTextContent('482 913');

      await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Close without the transfer document?' })).getByRole(
          'button',
          { name: 'Close anyway' },
        ),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByText('482 913')).toBeNull();
    });

    it('prints the transfer document with the codes in headers, then closes without asking', async () => {
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: vi.fn() }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const documentPath = '/api/stock-movement/4c000000-0000-4000-8000-0000000000c1/document';
      const { requests, codes } = await createOne([
        {
          path: documentPath,
          answer: () =>
            new Response(new TextEncoder().encode('%PDF-1.7'), {
              headers: { 'Content-Type': 'application/pdf' },
            }),
        },
      ]);
      await userEvent.click(within(codes).getByRole('button', { name: 'Print transfer document' }));
      expect(await within(codes).findByText(/Transfer document saved with the codes/)).toBeInTheDocument();
      const [download] = sentTo(requests, documentPath);
      expect(download!.request.headers.get('X-Source-Validation-Code')).toBe('482913');
      expect(download!.request.headers.get('X-Destination-Validation-Code')).toBe('075316');
      expect(download!.query.toString()).toBe('');

      await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('copies a code', async () => {
      const writeText = vi.fn(() => Promise.resolve());
      const { codes } = await createOne();
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await userEvent.click(within(codes).getByRole('button', { name: 'Copy destination code' }));
      expect(writeText).toHaveBeenCalledWith('075316');
      expect(await screen.findByText('Destination code copied')).toBeInTheDocument();
    });
  });
});
