import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type TPurchaseOrder } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../../components/toast';
import { jsonResponse, makeSession } from '../../../test/fixtures';
import { mockFetch, renderRoutes, type Route } from '../../../test/render';
import { COFFEE, TEA, makeLine, makeOrder, serve } from '../purchasing.fixtures';
import { ReceiveDialog } from './receive-dialog';

const ORDER = makeOrder({
  status: 'PARTIALLY_RECEIVED',
  // Coffee: 10 of 20 arrived; tea: none of 10.
  lines: [makeLine(1, COFFEE, 20, '6.50', 10, 2), makeLine(2, TEA, 10, '2.00')],
});
const RECEIVE = API.purchaseOrders.receive.replace(':id', ORDER.id);
const COFFEE_LINE = ORDER.lines[0]!.id;
const TEA_LINE = ORDER.lines[1]!.id;

function setup(receive: Route['answer'], order: TPurchaseOrder = ORDER) {
  const fake = mockFetch(serve([{ method: 'POST', path: RECEIVE, answer: receive }]));
  let closed = 0;
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <AppToastContainer />
            <ReceiveDialog order={order} onClose={() => (closed += 1)} />
          </>
        ),
      },
    ],
    { session: makeSession({ roles: ['ROLE_STORE_ASSISTANT'] }) },
  );
  return { ...fake, closedCount: () => closed };
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function fill(name: string, value: string) {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), value);
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

describe(ReceiveDialog.name, () => {
  it('lists the outstanding lines with 0 arrived and receives all outstanding with one click', async () => {
    const { requests, closedCount } = setup(() => jsonResponse(200, ORDER));
    const dialog = await screen.findByRole('dialog', { name: 'Receive a delivery · PO-000012' });
    expect(field('Arrived of COF-500')).toHaveValue('0');
    expect(field('Damaged of TEA-100')).toHaveValue('0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive all outstanding' }));
    expect(field('Arrived of COF-500')).toHaveValue('10');
    expect(field('Arrived of TEA-100')).toHaveValue('10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Delivery received')).toBeInTheDocument();
    const [post] = posts(requests);
    expect(await post!.json()).toEqual({
      lines: [
        { lineId: COFFEE_LINE, quantity: 10, damaged: 0, note: null },
        { lineId: TEA_LINE, quantity: 10, damaged: 0, note: null },
      ],
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(closedCount()).toBe(1);
  });

  it('sends only the lines that arrived, with damaged units and a note', async () => {
    const { requests } = setup(() => jsonResponse(200, ORDER));
    await screen.findByRole('dialog');
    await fill('Arrived of TEA-100', '5');
    await fill('Damaged of TEA-100', '2');
    await userEvent.type(field('Note on TEA-100'), 'Crushed box');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await screen.findByText('Delivery received');
    expect(await posts(requests)[0]!.json()).toEqual({
      lines: [{ lineId: TEA_LINE, quantity: 5, damaged: 2, note: 'Crushed box' }],
    });
  });

  it('keeps damaged ≤ arrived ≤ outstanding and asks for at least one line, before sending', async () => {
    const { requests } = setup(() => jsonResponse(200, ORDER));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Enter the units that arrived on at least one line.')).toBeInTheDocument();
    await fill('Arrived of COF-500', '11');
    await fill('Arrived of TEA-100', '3');
    await fill('Damaged of TEA-100', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('At most 10.')).toBeInTheDocument();
    expect(screen.getByText('At most the units arrived.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows the server’s 409 and sends a retry of the same delivery with the same key', async () => {
    let calls = 0;
    const { requests } = setup(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(409, {
            code: 'CONFLICT',
            message: 'Line 1 (COF-500): only 4 units are still to come.',
            details: { lineId: COFFEE_LINE },
          })
        : jsonResponse(200, ORDER);
    });
    await screen.findByRole('dialog');
    await fill('Arrived of COF-500', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Line 1 (COF-500): only 4 units are still to come.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await screen.findByText('Delivery received');
    const [first, second] = posts(requests);
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it('uses a new key for a changed delivery', async () => {
    let calls = 0;
    const { requests } = setup(() => {
      calls += 1;
      return calls === 1 ? new Response('', { status: 500 }) : jsonResponse(200, ORDER);
    });
    await screen.findByRole('dialog');
    await fill('Arrived of COF-500', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Failed to receive purchase order')).toBeInTheDocument();
    await fill('Arrived of COF-500', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    const [first, second] = posts(requests);
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });
});
