import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { LOCKED_HINT } from '../messages';
import { renderPanel, rowOf, sentTo } from '../movements-panel.test-kit';
import { BATCH_ID, IN_TRANSIT, PENDING } from '../stock-movements.fixtures';
import { ValidateDialog } from './validate-dialog';

const VALIDATE_SOURCE = `/api/stock-movement/validate-source/${PENDING.id}`;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openFor(sku: string, action: RegExp, dialogName: string) {
  await screen.findByText(sku);
  await userEvent.click(within(rowOf(sku)).getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: dialogName });
}

describe(ValidateDialog.name, () => {
  it('refuses a wrong code with the attempts left, then validates with the right one', async () => {
    const { requests } = renderPanel([
      {
        method: 'PUT',
        path: VALIDATE_SOURCE,
        answer: (request) =>
          new URL(request.url).searchParams.get('validationCode') === '482913'
            ? jsonResponse(200, { ...PENDING, status: 'IN_TRANSIT' })
            : jsonResponse(400, {
                code: 'WRONG_VALIDATION_CODE',
                message: 'This code is not right. 1 try left.',
                details: { attemptsLeft: 1 },
              }),
      },
    ]);
    const dialog = await openFor('COF-500', /^Validate at source/, 'Validate at the source');
    expect(dialog).toHaveTextContent('12 × COF-500 from North Depot to High Street');
    expect(dialog).toHaveTextContent('The stock leaves North Depot now.');
    const code = within(dialog).getByRole('textbox', { name: 'Source code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByText('The code has 6 digits.')).toBeInTheDocument();
    expect(sentTo(requests, VALIDATE_SOURCE, 'PUT')).toHaveLength(0);

    // Letters are dropped and the space of a code read out as "111 111" too.
    await userEvent.type(code, '111 1a11');
    expect(code).toHaveValue('111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByText('This code is not right. 1 try left.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('One try left: one more wrong code locks the movement.'),
    ).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '482913');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The stock is on its way to High Street.')).toBeInTheDocument();

    const sent = sentTo(requests, VALIDATE_SOURCE, 'PUT');
    expect(sent.map(({ query }) => query.get('validationCode'))).toEqual(['111111', '482913']);
    const [wrongKey, rightKey] = sent.map(({ request }) => request.headers.get('Idempotency-Key'));
    // Another code is another request: a key of its own, or the server would answer 422.
    expect(rightKey).toBeTruthy();
    expect(rightKey).not.toBe(wrongKey);
  });

  it('says who can help once the movement is locked', async () => {
    renderPanel([
      {
        method: 'PUT',
        path: VALIDATE_SOURCE,
        answer: () =>
          jsonResponse(409, {
            code: 'MOVEMENT_LOCKED',
            message: 'This movement is locked after 5 wrong codes.',
          }),
      },
    ]);
    const dialog = await openFor('COF-500', /^Validate at source/, 'Validate at the source');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Source code' }), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(
      await within(dialog).findByText('This movement is locked after 5 wrong codes.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(LOCKED_HINT);
    // Nothing more to enter: the code field goes.
    expect(within(dialog).queryByRole('textbox', { name: 'Source code' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('validates the whole batch of a movement at the destination, or that movement only', async () => {
    const { requests } = renderPanel([
      {
        method: 'PUT',
        path: '/api/stock-movement/batch/validate-destination',
        answer: () => jsonResponse(200, [{ ...IN_TRANSIT, status: 'COMPLETED' }]),
      },
      {
        method: 'PUT',
        path: `/api/stock-movement/validate-destination/${IN_TRANSIT.id}`,
        answer: () => jsonResponse(200, { ...IN_TRANSIT, status: 'COMPLETED' }),
      },
    ]);
    let dialog = await openFor('TEA-01', /^Validate at destination/, 'Validate at the destination');
    expect(within(dialog).getByRole('radio', { name: /The whole batch/ })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Destination code' }), '075316');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The batch arrived.')).toBeInTheDocument();
    const [batch] = sentTo(requests, '/api/stock-movement/batch/validate-destination', 'PUT');
    expect(Object.fromEntries(batch!.query)).toEqual({ batchId: BATCH_ID, validationCode: '075316' });

    dialog = await openFor('TEA-01', /^Validate at destination/, 'Validate at the destination');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'This movement only' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Destination code' }), '075316');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The stock arrived at Riverside.')).toBeInTheDocument();
    expect(sentTo(requests, `/api/stock-movement/validate-destination/${IN_TRANSIT.id}`, 'PUT')).toHaveLength(
      1,
    );
  });

  it('states what arrived when a movement came short, and checks the statement first', async () => {
    const { requests } = renderPanel([
      {
        method: 'PUT',
        path: `/api/stock-movement/validate-destination/${IN_TRANSIT.id}`,
        answer: () => jsonResponse(200, { ...IN_TRANSIT, status: 'COMPLETED' }),
      },
    ]);
    const dialog = await openFor('TEA-01', /^Validate at destination/, 'Validate at the destination');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'This movement only' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Not everything arrived as sent' }));
    const received = within(dialog).getByRole('textbox', { name: 'Units received' });
    expect(received).toHaveValue('5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Destination code' }), '075316');
    // All 5 stated as arrived is no discrepancy: the dialog says so and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(
      within(dialog).getByText('5 is what was sent: untick the box if all arrived.'),
    ).toBeInTheDocument();
    expect(sentTo(requests, `/api/stock-movement/validate-destination/${IN_TRANSIT.id}`, 'PUT')).toHaveLength(
      0,
    );

    await userEvent.clear(received);
    await userEvent.type(received, '3');
    // The closed select shows the reason's one word, which fits half of the narrow dialog; what
    // each reason means is under its word in the open list.
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(reason.textContent).toBe('Short');
    await userEvent.click(reason);
    const options = within(await screen.findByRole('listbox', { name: 'Reason' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'ShortFewer units came',
      'DamagedSome came unusable',
      'OverMore units came',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(reason.textContent).toBe('Short');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note for the source/ }), 'Box torn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The stock arrived at Riverside.')).toBeInTheDocument();
    const [sent] = sentTo(requests, `/api/stock-movement/validate-destination/${IN_TRANSIT.id}`, 'PUT');
    expect(await sent!.request.json()).toEqual({
      items: [{ movementId: IN_TRANSIT.id, receivedQuantity: 3, reason: 'SHORT', note: 'Box torn' }],
    });
  });

  it('shows a refusal that is not about the code, such as missing stock', async () => {
    renderPanel([
      {
        method: 'PUT',
        path: VALIDATE_SOURCE,
        answer: () =>
          jsonResponse(409, {
            code: 'INSUFFICIENT_STOCK',
            message: 'Only 4 of COF-500 are at North Depot.',
            details: { available: 4 },
          }),
      },
    ]);
    const dialog = await openFor('COF-500', /^Validate at source/, 'Validate at the source');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Source code' }), '482913');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 4 of COF-500 are at North Depot.',
    );
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toBeEnabled();
  });
});
