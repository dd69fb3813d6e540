import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TCycleCount } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { IDEMPOTENCY_HEADER } from './cycle-counts.api';
import { COUNT_ID, LOCATION_ID, countedLine, makeLine, makeSheet } from './cycle-counts.fixtures';
import { CycleCountPage } from './cycle-count-page';

const SHEET_PATH = `/api/cycle-counts/${COUNT_ID}`;
const path = (request: Request) => new URL(request.url).pathname;
const posts = (requests: Request[], suffix: string) =>
  requests.filter((request) => request.method === 'POST' && path(request) === `${SHEET_PATH}/${suffix}`);

/** Three lines to count: expected 10, 20 and 30 (never shown to the counter). */
const FRESH = makeSheet([
  makeLine(1, { sku: 'MILK-1L', name: 'Oat milk 1 l' }),
  makeLine(2, { sku: 'RYE-800', name: 'Rye bread' }),
  makeLine(3, { sku: 'HONEY-1', name: 'Heather honey' }),
]);

function setup(routes: Route[], roles: Role[] = ['ROLE_BUSINESS_OWNER'], sheet: TCycleCount = FRESH) {
  const fake = mockFetch(
    serveRoutes([...routes, { path: SHEET_PATH, answer: () => jsonResponse(200, sheet) }]),
  );
  renderRoutes(
    [
      {
        path: '/dashboard/cycle-counts/:countId',
        element: (
          <>
            <AppToastContainer />
            <CycleCountPage />
          </>
        ),
      },
    ],
    { initialEntries: [`/dashboard/cycle-counts/${COUNT_ID}`], session: makeSession({ roles }) },
  );
  return fake;
}

const field = (sku: string) => screen.getByRole('textbox', { name: `Counted quantity of ${sku}` });

describe(CycleCountPage.name, () => {
  describe('counting', () => {
    it('shows skeletons, then the lines to count without any expected quantity (blind count)', async () => {
      setup([]);
      expect(screen.getByLabelText('Loading the count sheet')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Count at High Street' })).toBeInTheDocument();
      expect(screen.getByText('0 of 3 counted')).toBeInTheDocument();
      const lines = screen.getByRole('list', { name: 'Lines' });
      expect(within(lines).getAllByRole('listitem')).toHaveLength(3);
      // Expected 10, 20, 30: none of them on the counter's screen.
      expect(lines).not.toHaveTextContent(/\b(10|20|30)\b/);
      expect(screen.queryByText(/Expected/)).toBeNull();
    });

    it('saves the entered counts by line number with an Idempotency-Key, and reuses it for a retry', async () => {
      let attempt = 0;
      const saved = makeSheet([
        countedLine(1, 12, 0, { sku: 'MILK-1L', name: 'Oat milk 1 l' }),
        makeLine(2, { sku: 'RYE-800', name: 'Rye bread' }),
        countedLine(3, 1, 0, { sku: 'HONEY-1', name: 'Heather honey' }),
      ]);
      const { requests } = setup([
        {
          method: 'POST',
          path: `${SHEET_PATH}/counts`,
          answer: () => {
            attempt += 1;
            return attempt === 1 ? new Response(null, { status: 503 }) : jsonResponse(200, saved);
          },
        },
      ]);
      await screen.findByText('0 of 3 counted');
      await userEvent.type(field('MILK-1L'), '12');
      // The steppers: +, +, − from blank is 1.
      await userEvent.click(screen.getByRole('button', { name: 'One more HONEY-1' }));
      await userEvent.click(screen.getByRole('button', { name: 'One more HONEY-1' }));
      await userEvent.click(screen.getByRole('button', { name: 'One less HONEY-1' }));
      expect(field('HONEY-1')).toHaveValue('1');

      await userEvent.click(screen.getByRole('button', { name: 'Save counts (2)' }));
      expect(await screen.findByText('Failed to save counts')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save counts (2)' }));
      expect(await screen.findByText('Counts saved: 2 lines')).toBeInTheDocument();

      const sent = posts(requests, 'counts');
      expect(sent).toHaveLength(2);
      expect(await sent[1]!.json()).toEqual({
        lines: [
          { lineNo: 1, countedQuantity: 12 },
          { lineNo: 3, countedQuantity: 1 },
        ],
      });
      const key = sent[0]!.headers.get(IDEMPOTENCY_HEADER);
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent[1]!.headers.get(IDEMPOTENCY_HEADER)).toBe(key);
      // The sheet as the server answered it: two counted, one left under Not counted.
      expect(await screen.findByText('2 of 3 counted')).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem')).toHaveLength(1);
    });

    it('goes on at the next line to count after a save, and at the progress once none is left', async () => {
      const afterFirst = makeSheet([
        countedLine(1, 12, 0, { sku: 'MILK-1L', name: 'Oat milk 1 l' }),
        makeLine(2, { sku: 'RYE-800', name: 'Rye bread' }),
        makeLine(3, { sku: 'HONEY-1', name: 'Heather honey' }),
      ]);
      const afterAll = makeSheet([
        countedLine(1, 12, 0, { sku: 'MILK-1L', name: 'Oat milk 1 l' }),
        countedLine(2, 20, 0, { sku: 'RYE-800', name: 'Rye bread' }),
        countedLine(3, 30, 0, { sku: 'HONEY-1', name: 'Heather honey' }),
      ]);
      let saves = 0;
      setup([
        {
          method: 'POST',
          path: `${SHEET_PATH}/counts`,
          answer: () => jsonResponse(200, (saves += 1) === 1 ? afterFirst : afterAll),
        },
      ]);
      await screen.findByText('0 of 3 counted');
      await userEvent.type(field('MILK-1L'), '12');
      await userEvent.click(screen.getByRole('button', { name: 'Save counts (1)' }));
      // Save counts is disabled by its own save: the focus goes to the next line, not to <body>.
      await waitFor(() => expect(screen.getByRole('listitem', { name: 'RYE-800 Rye bread' })).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Save counts' })).toBeDisabled();
      // Tab goes on into that line's field.
      await userEvent.tab();
      expect(field('RYE-800')).toHaveFocus();

      await userEvent.type(field('RYE-800'), '20');
      await userEvent.type(field('HONEY-1'), '30');
      await userEvent.click(screen.getByRole('button', { name: 'Save counts (2)' }));
      await waitFor(() => expect(screen.getByRole('region', { name: 'Count progress' })).toHaveFocus());
      expect(screen.getByText('3 of 3 counted')).toBeInTheDocument();
    });

    it('opens a completed count on all its lines, and says when a filter has none', async () => {
      setup(
        [],
        ['ROLE_STORE_ASSISTANT'],
        makeSheet(
          [countedLine(1, 8), makeLine(2), makeLine(3, { status: 'ACCEPTED', countedQuantity: 30 })],
          {
            status: 'COMPLETED',
            completedAt: '2026-03-02T12:00:00.000Z',
          },
        ),
      );
      expect(await screen.findByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem')).toHaveLength(3);
      expect(screen.queryByRole('textbox', { name: /Counted quantity/ })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'To recount (0)' }));
      expect(screen.getByText('No line waits for a recount.')).toBeInTheDocument();
    });

    it('refuses a count that is not a whole number before sending', async () => {
      const { requests } = setup([]);
      await screen.findByText('0 of 3 counted');
      await userEvent.type(field('RYE-800'), '2.5');
      await userEvent.click(screen.getByRole('button', { name: 'Save counts (1)' }));
      expect(await screen.findByText(/One count is not a whole number/)).toBeInTheDocument();
      expect(field('RYE-800')).toHaveAccessibleDescription(/Enter a whole number from 0/);
      expect(posts(requests, 'counts')).toHaveLength(0);
    });

    it('shows the server’s 409 when a line was counted meanwhile', async () => {
      setup([
        {
          method: 'POST',
          path: `${SHEET_PATH}/counts`,
          answer: () =>
            jsonResponse(409, {
              code: 'CONFLICT',
              message: 'Line 2 (RYE-800) is counted already: a reviewer sends it back to be counted again.',
            }),
        },
      ]);
      await screen.findByText('0 of 3 counted');
      await userEvent.type(field('RYE-800'), '4');
      await userEvent.click(screen.getByRole('button', { name: 'Save counts (1)' }));
      expect(
        await screen.findByText(
          'Line 2 (RYE-800) is counted already: a reviewer sends it back to be counted again.',
        ),
      ).toBeInTheDocument();
      expect(field('RYE-800')).toHaveValue('4');
    });

    it('jumps to the line of a typed SKU or a scanned barcode and focuses its field', async () => {
      const { requests } = setup([
        {
          path: `/api/inventory/barcode/4006381333931/location/${LOCATION_ID}`,
          answer: () =>
            jsonResponse(200, {
              productId: FRESH.lines[1]!.productId,
              sku: 'RYE-800',
              barcode: '4006381333931',
            }),
        },
      ]);
      await screen.findByText('0 of 3 counted');
      const scan = screen.getByRole('textbox', { name: 'Scan or type a SKU or barcode' });
      await userEvent.type(scan, 'honey-1{Enter}');
      await waitFor(() => expect(field('HONEY-1')).toHaveFocus());
      // Enter in the quantity: back to the scan field for the next product.
      await userEvent.keyboard('5{Enter}');
      expect(scan).toHaveFocus();
      expect(field('HONEY-1')).toHaveValue('5');

      await userEvent.type(scan, '4006381333931{Enter}');
      await waitFor(() => expect(field('RYE-800')).toHaveFocus());
      expect(requests.some((request) => path(request).includes('/barcode/4006381333931/'))).toBe(true);

      await userEvent.type(scan, 'NOPE{Enter}');
      expect(
        await screen.findByText('No line of this sheet has the SKU or barcode “NOPE”.'),
      ).toBeInTheDocument();
    });

    it('filters the lines to count, counted and to recount', async () => {
      const sheet = makeSheet([
        makeLine(1),
        countedLine(2, 20),
        makeLine(3, { status: 'RECOUNT', countedQuantity: 25, previousCountedQuantity: null }),
      ]);
      setup([], ['ROLE_BUSINESS_OWNER'], sheet);
      await screen.findByText('1 of 3 counted');
      const lines = () => within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem');
      expect(lines().map((line) => line.getAttribute('aria-label'))).toEqual(['SKU-1 Product 1']);
      await userEvent.click(screen.getByRole('button', { name: 'To recount (1)' }));
      expect(lines().map((line) => line.getAttribute('aria-label'))).toEqual(['SKU-3 Product 3']);
      // A recount is blind too: the earlier count (25) is not shown to the counter.
      expect(lines()[0]).not.toHaveTextContent('25');
      expect(field('SKU-3')).toHaveValue('');
      await userEvent.click(screen.getByRole('button', { name: 'Counted (1)' }));
      expect(lines()[0]).toHaveTextContent(/SKU-2.*Counted.*20/);
    });

    it('gives a store assistant the sheet without review, completion or cancellation', async () => {
      setup([], ['ROLE_STORE_ASSISTANT'], makeSheet([countedLine(1, 8), makeLine(2)]));
      await screen.findByText('1 of 2 counted');
      expect(field('SKU-2')).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Review variances' })).toBeNull();
      expect(screen.queryByRole('table', { name: 'Variances' })).toBeNull();
      // The dialog closes, and a completed count has nothing left to complete.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete count' })).toBeNull());
      expect(screen.queryByRole('button', { name: 'Cancel count' })).toBeNull();
    });

    it('shows an inventory reader the lines without fields', async () => {
      setup([], ['ROLE_INVENTORY_READER']);
      await screen.findByText('0 of 3 counted');
      expect(screen.queryByRole('textbox', { name: /Counted quantity/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Save counts/ })).toBeNull();
    });
  });

  describe('review', () => {
    /** Line 1: 8 of 10 (−2); line 2: 21 of 20 with 3 sold since the freeze (+4); line 3 not counted. */
    const COUNTED = makeSheet([
      countedLine(1, 8),
      countedLine(2, 21, -3),
      makeLine(3),
      makeLine(4, {
        status: 'ACCEPTED',
        countedQuantity: 40,
        movedSinceFreeze: 0,
        varianceUnits: 0,
        varianceValue: '0.00',
      }),
    ]);

    async function openReview(routes: Route[] = [], roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
      const fake = setup(routes, roles, COUNTED);
      await userEvent.click(await screen.findByRole('tab', { name: 'Review variances' }));
      return fake;
    }

    it('shows expected, moved, counted and variances of counted lines only, with the totals', async () => {
      await openReview();
      const table = screen.getByRole('table', { name: 'Variances' });
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(rows[1]).toHaveTextContent(/SKU-1.*10.*0.*8.*−2.*−\$5\.00.*Counted/);
      expect(rows[2]).toHaveTextContent(/SKU-2.*20.*−3.*21.*\+4.*\+\$10\.00.*Counted/);
      // Red for a loss, green for a gain.
      expect(within(rows[1]!).getByText('−2')).toHaveStyle({ color: 'var(--mui-palette-error-main)' });
      expect(within(rows[2]!).getByText('+4')).toHaveStyle({ color: 'var(--mui-palette-success-main)' });
      // Line 3 has no count: its expected quantity (30) appears nowhere.
      expect(table).not.toHaveTextContent('SKU-3');
      expect(screen.getByText('Absolute variance').nextSibling).toHaveTextContent('$15.00');
      expect(screen.getByText('Net variance').nextSibling).toHaveTextContent('+$5.00');
    });

    it('accepts the selected lines after confirmation, with an Idempotency-Key', async () => {
      const { requests } = await openReview([
        {
          method: 'POST',
          path: `${SHEET_PATH}/review`,
          answer: () =>
            jsonResponse(
              200,
              makeSheet(
                COUNTED.lines.map((line) =>
                  line.lineNo === 1 ? { ...line, status: 'ACCEPTED' as const } : line,
                ),
              ),
            ),
        },
      ]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select SKU-1' }));
      expect(screen.getByText('1 selected: −2 units, −$5.00')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
      const confirm = await screen.findByRole('dialog', { name: 'Accept the variances?' });
      expect(confirm).toHaveTextContent('is written to the stock');
      expect(posts(requests, 'review')).toHaveLength(0);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
      expect(await screen.findByText('Lines accepted')).toBeInTheDocument();
      const [sent] = posts(requests, 'review');
      expect(await sent!.json()).toEqual({ accept: [1], recount: [] });
      expect(sent!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('lands on the totals after a review, since Accept is disabled with nothing selected', async () => {
      await openReview([
        {
          method: 'POST',
          path: `${SHEET_PATH}/review`,
          answer: () =>
            jsonResponse(
              200,
              makeSheet(
                COUNTED.lines.map((line) =>
                  line.lineNo === 1 ? { ...line, status: 'ACCEPTED' as const } : line,
                ),
              ),
            ),
        },
      ]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select SKU-1' }));
      await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Accept the variances?' })).getByRole('button', {
          name: 'Accept',
        }),
      );
      expect(await screen.findByText('Lines accepted')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('region', { name: 'Variance totals' })).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    });

    it('opens the review of a completed count on every counted line, and says when a filter has none', async () => {
      setup([], ['ROLE_INVENTORY_CONTRIBUTOR'], {
        ...COUNTED,
        status: 'COMPLETED',
        completedAt: '2026-03-02T12:00:00.000Z',
      });
      // A contributor counts too: the review is the second tab.
      await userEvent.click(await screen.findByRole('tab', { name: 'Review variances' }));
      expect(screen.getByRole('button', { name: 'All with a count' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(within(screen.getByRole('table', { name: 'Variances' })).getAllByRole('row')).toHaveLength(4);
      await userEvent.click(screen.getByRole('button', { name: 'Sent back' }));
      expect(screen.getByText('No line was sent back for a recount.')).toBeInTheDocument();
    });

    it('opens the review of a count under way on the lines to review', async () => {
      await openReview();
      expect(screen.getByRole('button', { name: 'To review' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('sends all counted lines back for recount', async () => {
      const { requests } = await openReview([
        { method: 'POST', path: `${SHEET_PATH}/review`, answer: () => jsonResponse(200, COUNTED) },
      ]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select all counted lines' }));
      await userEvent.click(screen.getByRole('button', { name: 'Ask for recount' }));
      const confirm = await screen.findByRole('dialog', { name: 'Ask for a recount?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Ask for recount' }));
      expect(await screen.findByText('Lines sent back for recount')).toBeInTheDocument();
      expect(await posts(requests, 'review')[0]!.json()).toEqual({ accept: [], recount: [1, 2] });
    });

    it('shows the server’s 409 when the stock sold meanwhile', async () => {
      const message =
        'Line 1 (SKU-1): The stock of SKU-1 at High Street would fall below 0 (3 in stock, change −5).';
      await openReview([
        {
          method: 'POST',
          path: `${SHEET_PATH}/review`,
          answer: () => jsonResponse(409, { code: 'INSUFFICIENT_STOCK', message, details: { lineNo: 1 } }),
        },
      ]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select SKU-1' }));
      await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Accept the variances?' })).getByRole('button', {
          name: 'Accept',
        }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
    });

    it('completes the count after confirmation, and shows the server’s 409 naming the lines waiting', async () => {
      let attempt = 0;
      const message = 'Review every counted line first: 2 lines wait for a review or a recount (1, 2).';
      const { requests } = await openReview([
        {
          method: 'POST',
          path: `${SHEET_PATH}/complete`,
          answer: () => {
            attempt += 1;
            return attempt === 1
              ? jsonResponse(409, { code: 'CONFLICT', message })
              : jsonResponse(200, {
                  ...COUNTED,
                  status: 'COMPLETED',
                  completedAt: '2026-03-02T12:00:00.000Z',
                });
          },
        },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Complete count' }));
      const confirm = await screen.findByRole('dialog', { name: 'Complete count' });
      expect(confirm).toHaveTextContent('1 line was never counted: its stock is left as it is.');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Complete count' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await userEvent.click(screen.getByRole('button', { name: 'Complete count' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Complete count' })).getByRole('button', {
          name: 'Complete count',
        }),
      );
      expect(await screen.findByText('Count completed')).toBeInTheDocument();
      expect(await screen.findByText(/accepted variances are in the stock/)).toBeInTheDocument();
      // Its buttons are gone with the open sheet: the focus is on the sheet's heading, not <body>.
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1, name: 'Count at High Street' })).toHaveFocus(),
      );
      // The dialog closes, and a completed count has nothing left to complete.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete count' })).toBeNull());
      expect(posts(requests, 'complete')).toHaveLength(2);
    });

    it('cancels the count after a destructive confirmation', async () => {
      const { requests } = await openReview([
        {
          method: 'POST',
          path: `${SHEET_PATH}/cancel`,
          answer: () =>
            jsonResponse(200, { ...COUNTED, status: 'CANCELLED', cancelledAt: '2026-03-02T12:00:00.000Z' }),
        },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Cancel count' }));
      const confirm = await screen.findByRole('dialog', { name: 'Cancel count' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Keep counting' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(posts(requests, 'cancel')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Cancel count' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Cancel count' })).getByRole('button', {
          name: 'Cancel count',
        }),
      );
      expect(await screen.findByText('Count cancelled')).toBeInTheDocument();
      expect(posts(requests, 'cancel')).toHaveLength(1);
    });

    it('gives an inventory contributor the review and the closing actions', async () => {
      await openReview([], ['ROLE_INVENTORY_CONTRIBUTOR']);
      expect(screen.getByRole('table', { name: 'Variances' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Complete count' })).toBeInTheDocument();
    });
  });

  it('shows the server’s message when the sheet cannot be read', async () => {
    mockFetch(
      serveRoutes([
        {
          path: SHEET_PATH,
          answer: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'This cycle count was not found.' }),
        },
      ]),
    );
    renderRoutes([{ path: '/dashboard/cycle-counts/:countId', element: <CycleCountPage /> }], {
      initialEntries: [`/dashboard/cycle-counts/${COUNT_ID}`],
      session: makeSession(),
    });
    expect(await screen.findByText('This cycle count was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All counts' })).toHaveAttribute(
      'href',
      '/dashboard/cycle-counts',
    );
  });
});
