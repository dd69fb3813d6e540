import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_ID, jsonResponse } from '../../test/fixtures';
import { EMPTY_BASKET_TEXT, NOT_A_MEMBER_TEXT, STORE_LOCKED_HINT, TILL_MESSAGES } from './messages';
import {
  CASHBACK_MEMBER,
  HARBOUR,
  HIGH_STREET,
  LOYALTY_SALE,
  MEMBER,
  OAT_MILK,
  REFUND,
  RYE_BREAD,
  SALE,
} from './till.fixtures';
import { TillTab } from './till-tab';
import {
  LOOKUP_PATH,
  MEMBER_PATH,
  SALES_PATH,
  basket,
  basketRow,
  bodyOf,
  customerRefField,
  findScanField,
  quantityOf,
  renderTill,
  scanField,
  sentTo,
} from './till-tab.test-kit';
import { tillStoreKeyOf } from './use-till-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => window.localStorage.clear());

/**
 * A code and Enter in the scan field. Pasted: typed, every character re-renders the whole till,
 * and these tests are about what the code brings, not the keys (the first test types one, as a
 * scanner does, and the miss test types the codes that replace a selected one).
 */
async function scan(code: string) {
  await userEvent.click(await findScanField());
  await userEvent.paste(code);
  await userEvent.keyboard('{Enter}');
}

describe(TillTab.name, () => {
  describe('the basket', () => {
    it('adds a scanned product, and one more unit when it is scanned again', async () => {
      const { requests } = renderTill();
      expect(await findScanField()).toHaveFocus();
      expect(screen.getByText(EMPTY_BASKET_TEXT)).toBeInTheDocument();

      await scan('OAT-1L');
      expect(await screen.findByText(OAT_MILK.name)).toBeInTheDocument();
      expect(quantityOf(OAT_MILK.name)).toHaveValue('1');
      expect(scanField()).toHaveValue('');
      expect(scanField()).toHaveFocus();

      await scan('oat-1l');
      await waitFor(() => expect(quantityOf(OAT_MILK.name)).toHaveValue('2'));
      expect(within(basket()).getAllByRole('spinbutton')).toHaveLength(1);

      // A barcode scanner types the digits and Enter.
      await userEvent.type(scanField(), `${RYE_BREAD.barcode!}{Enter}`);
      expect(await screen.findByText(RYE_BREAD.name)).toBeInTheDocument();
      const lookups = sentTo(requests, LOOKUP_PATH).map((request) =>
        Object.fromEntries(new URL(request.url).searchParams),
      );
      expect(lookups.at(-1)).toEqual({ storeId: HIGH_STREET.id, code: RYE_BREAD.barcode });
      expect(lookups).toHaveLength(3);

      // The arrow keys step a line's units; removing the line gives the focus back to the scan field.
      await userEvent.click(quantityOf(OAT_MILK.name));
      await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
      expect(quantityOf(OAT_MILK.name)).toHaveValue('3');
      await userEvent.click(screen.getByRole('button', { name: `Remove ${RYE_BREAD.name}` }));
      expect(screen.queryByText(RYE_BREAD.name)).toBeNull();
      expect(scanField()).toHaveFocus();
    });

    it("shows the server's words for a miss under the field, the code selected to scan over", async () => {
      const DISCONTINUED = 'Oat milk 1 l (SKU OAT-1L) is discontinued at High Street.';
      const AMBIGUOUS = 'The code oat-2l matches OAT-2l, oat-2L at High Street; type the SKU as written.';
      const answers: Record<string, () => Response> = {
        'OAT-1L': () => jsonResponse(404, { code: 'NOT_FOUND', message: DISCONTINUED }),
        'oat-2l': () => jsonResponse(409, { code: 'CONFLICT', message: AMBIGUOUS }),
        // Neither a proxy's 404 nor a gateway's 502 carries the server's words.
        'GONE-1': () => new Response(null, { status: 404 }),
        'DOWN-1': () => new Response('Bad gateway', { status: 502 }),
      };
      renderTill([
        {
          path: LOOKUP_PATH,
          answer: (request) => {
            const code = new URL(request.url).searchParams.get('code') ?? '';
            return (
              answers[code] ??
              (() => jsonResponse(404, { message: `No product with the code ${code} at High Street.` }))
            )();
          },
        },
      ]);
      await scan('NOPE-9');
      expect(await screen.findByText('No product with the code NOPE-9 at High Street.')).toBeInTheDocument();
      expect(scanField()).toHaveValue('NOPE-9');
      expect(scanField()).toHaveAttribute('aria-invalid', 'true');
      expect(scanField()).toHaveFocus();

      // The code is selected: what is typed next replaces it.
      for (const [code, message] of [
        ['OAT-1L', DISCONTINUED],
        ['oat-2l', AMBIGUOUS],
        ['GONE-1', 'No product with the code GONE-1 at High Street.'],
        ['DOWN-1', TILL_MESSAGES.lookup],
      ]) {
        await userEvent.keyboard(`${code}{Enter}`);
        expect(await screen.findByText(message!)).toBeInTheDocument();
        expect(scanField()).toHaveValue(code);
      }
      expect(screen.getByText(EMPTY_BASKET_TEXT)).toBeInTheDocument();
    });

    it('prices each line with the discount valid now and totals the basket', async () => {
      renderTill();
      await scan('OAT-1L');
      await scan('OAT-1L');
      await scan(RYE_BREAD.barcode!);
      await screen.findByText(RYE_BREAD.name);
      await waitFor(() => expect(quantityOf(OAT_MILK.name)).toHaveValue('2'));

      const oat = basketRow(OAT_MILK.name);
      expect(oat).toHaveTextContent('1.80');
      expect(oat).toHaveTextContent('2.00');
      expect(oat).toHaveTextContent('10 % off');
      expect(oat).toHaveTextContent('3.60');
      expect(basketRow(RYE_BREAD.name)).toHaveTextContent('3.50');
      expect(basketRow(RYE_BREAD.name)).toHaveTextContent('1 in stock');

      const checkout = screen.getByRole('form', { name: 'Checkout' });
      expect(checkout).toHaveTextContent('Subtotal (3 items)7.50');
      expect(checkout).toHaveTextContent('Discounts−0.40');
      expect(checkout).toHaveTextContent('Total7.10');
    });

    it('keeps the store while the basket holds anything, and remembers the choice per user', async () => {
      renderTill();
      await userEvent.click(await screen.findByRole('combobox', { name: 'Store' }));
      await userEvent.click(await screen.findByRole('option', { name: HARBOUR.name }));
      expect(window.localStorage.getItem(tillStoreKeyOf(USER_ID))).toBe(HARBOUR.id);
      await userEvent.click(screen.getByRole('combobox', { name: 'Store' }));
      await userEvent.click(await screen.findByRole('option', { name: HIGH_STREET.name }));

      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      expect(screen.getByRole('combobox', { name: 'Store' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByLabelText(STORE_LOCKED_HINT)).toBeInTheDocument();
    });
  });

  describe('recording', () => {
    it('sends the basket with a key, clears it and gives the focus back to the scan field', async () => {
      const { requests } = renderTill();
      await scan('OAT-1L');
      await scan('OAT-1L');
      await scan(RYE_BREAD.barcode!);
      await screen.findByText(RYE_BREAD.name);
      await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
      await userEvent.type(
        screen.getByRole('textbox', { name: 'Customer reference (optional)' }),
        ' LOY-77 ',
      );
      await waitFor(() => expect(quantityOf(OAT_MILK.name)).toHaveValue('2'));
      // A miss leaves its code in the field; the next basket starts without it.
      await scan('NOPE-9');
      await screen.findByText('No product with the code NOPE-9 at High Street.');
      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));

      expect(await screen.findByText('Sale recorded: 7.10')).toBeInTheDocument();
      expect(scanField()).toHaveValue('');
      const [sent] = sentTo(requests, SALES_PATH, 'POST');
      expect(await bodyOf(sent!)).toEqual({
        storeId: HIGH_STREET.id,
        lines: [
          { productId: OAT_MILK.id, quantity: 2 },
          { productId: RYE_BREAD.id, quantity: 1 },
        ],
        paymentMethod: 'CARD',
        customerRef: 'LOY-77',
      });
      expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
      expect(screen.getByText(EMPTY_BASKET_TEXT)).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
      await waitFor(() => expect(scanField()).toHaveFocus());
    });

    it('sends the same key when the same basket is sent again, and a new one for the next sale', async () => {
      let answers = 0;
      const { requests } = renderTill([
        {
          method: 'POST',
          path: SALES_PATH,
          answer: () =>
            ++answers === 1
              ? jsonResponse(503, { code: 'UNAVAILABLE', message: 'The database is busy. Try again.' })
              : jsonResponse(201, SALE),
        },
      ]);
      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      // Keyboard only: Ctrl+Enter records from the scan field.
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      expect(await screen.findByText('The database is busy. Try again.')).toBeInTheDocument();
      expect(screen.getByText(OAT_MILK.name)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));
      expect(await screen.findByText('Sale recorded: 7.10')).toBeInTheDocument();
      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(sentTo(requests, SALES_PATH, 'POST')).toHaveLength(3));

      const keys = sentTo(requests, SALES_PATH, 'POST').map((request) =>
        request.headers.get('Idempotency-Key'),
      );
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
    });

    it("marks the line a refusal names with the server's message", async () => {
      renderTill([
        {
          method: 'POST',
          path: SALES_PATH,
          answer: () =>
            jsonResponse(409, {
              code: 'INSUFFICIENT_STOCK',
              message:
                'Line 2: only 1 of Rye bread 800 g (SKU RYE-800) in stock at High Street; this sale takes 2.',
              details: { index: 1, available: 1, requested: 2 },
            }),
        },
      ]);
      await scan('OAT-1L');
      await scan(RYE_BREAD.barcode!);
      await scan(RYE_BREAD.barcode!);
      await waitFor(() => expect(quantityOf(RYE_BREAD.name)).toHaveValue('2'));
      expect(basketRow(RYE_BREAD.name)).toHaveTextContent('Only 1 in stock');
      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));

      const message = await screen.findByText(
        'Only 1 of Rye bread 800 g (SKU RYE-800) in stock at High Street; this sale takes 2.',
      );
      expect(quantityOf(RYE_BREAD.name)).toHaveAttribute('aria-invalid', 'true');
      expect(quantityOf(RYE_BREAD.name)).toHaveAccessibleDescription(message.textContent);
      await waitFor(() => expect(quantityOf(RYE_BREAD.name)).toHaveFocus());
      expect(quantityOf(OAT_MILK.name)).not.toHaveAttribute('aria-invalid');

      await userEvent.keyboard('{ArrowDown}');
      expect(quantityOf(RYE_BREAD.name)).toHaveValue('1');
      expect(screen.queryByText(message.textContent)).toBeNull();
    });

    it('shows a store assistant (no product:read) the prices, the discount and the total', async () => {
      renderTill([], { roles: ['ROLE_STORE_ASSISTANT'] });
      await scan('OAT-1L');
      expect(await screen.findByText(OAT_MILK.name)).toBeInTheDocument();
      expect(basketRow(OAT_MILK.name)).toHaveTextContent('10 % off');
      expect(screen.getByRole('form', { name: 'Checkout' })).toHaveTextContent('Total1.80');
      // Recent sales: readable, not refundable (no empty Actions column either).
      const sales = await screen.findByRole('table', { name: 'Recent sales' });
      await within(sales).findByText('7.10');
      expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
      expect(within(sales).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    });
  });

  describe('recent sales', () => {
    it("lists the store's sales newest first, with refunds as negative totals", async () => {
      const { requests } = renderTill();
      const table = await screen.findByRole('table', { name: 'Recent sales' });
      await within(table).findByText('7.10');
      const [listed] = sentTo(requests, SALES_PATH);
      expect(Object.fromEntries(new URL(listed!.url).searchParams)).toEqual({
        storeId: HIGH_STREET.id,
        page: '0',
        size: '10',
      });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent('Refund');
      expect(rows[0]).toHaveTextContent('-3.50');
      expect(rows[1]).toHaveTextContent('Sale');
      expect(rows[1]).toHaveTextContent('Card');
      expect(rows[1]).toHaveTextContent('LOY-77');
      expect(within(rows[0]!).queryByRole('button', { name: /^Refund/ })).toBeNull();
    });

    it('refunds chosen lines and quantities after a confirmation', async () => {
      const { requests } = renderTill();
      await userEvent.click(await screen.findByRole('button', { name: /^Refund sale of/ }));
      const dialog = await screen.findByRole('dialog');
      const oat = await within(dialog).findByRole('textbox', {
        name: `Units of ${OAT_MILK.name} to give back`,
      });
      expect(oat).toHaveValue('2');
      await userEvent.clear(oat);
      await userEvent.type(oat, '1');
      const bread = within(dialog).getByRole('textbox', { name: `Units of ${RYE_BREAD.name} to give back` });
      await userEvent.clear(bread);
      await userEvent.type(bread, '0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund 1.80' }));

      const confirm = await screen.findByRole('dialog', { name: 'Refund this sale?' });
      expect(confirm).toHaveTextContent('Give back 1 unit for 1.80?');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Refund' }));

      expect(await screen.findByText(`Refund recorded: ${REFUND.total}`)).toBeInTheDocument();
      const [sent] = sentTo(requests, `${SALES_PATH}/${SALE.id}/refund`, 'POST');
      expect(await bodyOf(sent!)).toEqual({ lines: [{ lineNo: 1, quantity: 1 }] });
      expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("gives back the lines' share of what was paid when a reward paid part of the sale", async () => {
      // 7.10 of lines, 2.50 paid by a reward, 4.60 by the customer.
      renderTill([
        {
          path: `${SALES_PATH}/${SALE.id}`,
          answer: () => jsonResponse(200, { ...LOYALTY_SALE, id: SALE.id, saleId: SALE.id }),
        },
      ]);
      await userEvent.click(await screen.findByRole('button', { name: /^Refund sale of/ }));
      const dialog = await screen.findByRole('dialog');
      // Everything, the first refund: what the customer paid, exactly.
      expect(await within(dialog).findByRole('button', { name: 'Refund 4.60' })).toBeInTheDocument();
      expect(dialog).toHaveTextContent(
        'A loyalty reward paid 2.50 of this sale: its share is not given back in money.',
      );

      const bread = within(dialog).getByRole('textbox', { name: `Units of ${RYE_BREAD.name} to give back` });
      await userEvent.clear(bread);
      await userEvent.type(bread, '0');
      const oat = within(dialog).getByRole('textbox', { name: `Units of ${OAT_MILK.name} to give back` });
      await userEvent.clear(oat);
      await userEvent.type(oat, '1');
      // 1.80 of lines × 4.60 / 7.10, rounded down as the server does: about 1.16.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ≈ 1.16' }));
      const confirm = await screen.findByRole('dialog', { name: 'Refund this sale?' });
      expect(confirm).toHaveTextContent('Give back 1 unit for about 1.16?');
    });

    it('marks the line a refused refund names, and keeps the dialog open', async () => {
      renderTill([
        {
          method: 'POST',
          path: `${SALES_PATH}/${SALE.id}/refund`,
          answer: () =>
            jsonResponse(409, {
              code: 'CONFLICT',
              message: 'Line 1: 1 of Oat milk 1 l is left to refund, not 2.',
              details: { index: 0, lineNo: 1, left: 1 },
            }),
        },
      ]);
      await userEvent.click(await screen.findByRole('button', { name: /^Refund sale of/ }));
      const dialog = await screen.findByRole('dialog');
      const bread = await within(dialog).findByRole('textbox', {
        name: `Units of ${RYE_BREAD.name} to give back`,
      });
      await userEvent.clear(bread);
      await userEvent.type(bread, '0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund 3.60' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Refund this sale?' })).getByRole('button', {
          name: 'Refund',
        }),
      );
      expect(
        await within(dialog).findByText('1 of Oat milk 1 l is left to refund, not 2.'),
      ).toBeInTheDocument();
      // Once the confirmation has closed, the dialog is no longer hidden behind it.
      expect(
        await within(dialog).findByRole('textbox', { name: `Units of ${OAT_MILK.name} to give back` }),
      ).toHaveAttribute('aria-invalid', 'true');
    });

    it("opens a sale's lines from its row, and refunds everything left without naming lines", async () => {
      const { requests } = renderTill();
      await userEvent.click(await screen.findByRole('button', { name: /the lines of this sale$/ }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(OAT_MILK.name)).toBeInTheDocument();
      expect(dialog).toHaveTextContent('High Street · Card · Customer LOY-77');
      expect(dialog).toHaveTextContent('7.10');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund 7.10' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Refund this sale?' })).getByRole('button', {
          name: 'Refund',
        }),
      );
      await screen.findByText(`Refund recorded: ${REFUND.total}`);
      const [sent] = sentTo(requests, `${SALES_PATH}/${SALE.id}/refund`, 'POST');
      expect(await bodyOf(sent!)).toEqual({});
    });
  });
  describe('loyalty', () => {
    /** The basket of 7.10 (2 × oat milk, 1 × rye bread). */
    async function fillBasket() {
      await scan('OAT-1L');
      await scan('OAT-1L');
      await scan(RYE_BREAD.barcode!);
      await screen.findByText(RYE_BREAD.name);
      await waitFor(() => expect(quantityOf(OAT_MILK.name)).toHaveValue('2'));
    }

    const memberPanel = () => screen.findByRole('group', { name: 'Loyalty member' });
    /** The member's card code and Enter, pasted: the typed look-up has a test of its own, below. */
    async function enterMember(code: string) {
      await userEvent.click(customerRefField());
      await userEvent.paste(code);
      await userEvent.keyboard('{Enter}');
    }
    const checkout = () => screen.getByRole('form', { name: 'Checkout' });

    it('finds the member a scanned card names (Enter asks at once) and shows her tier and points', async () => {
      const { requests } = renderTill();
      await findScanField();
      expect(screen.queryByRole('group', { name: 'Loyalty member' })).toBeNull();
      // A card scanner types the code and Enter: the member is looked up, nothing is recorded.
      await userEvent.type(customerRefField(), 'LOY-77{Enter}');
      const panel = await memberPanel();
      expect(panel).toHaveTextContent(MEMBER.name!);
      expect(panel).toHaveTextContent('Gold');
      expect(panel).toHaveTextContent('800 points to spend');
      const asked = sentTo(requests, MEMBER_PATH).map((request) =>
        new URL(request.url).searchParams.get('ref'),
      );
      expect(asked).toEqual(['LOY-77']);
      expect(sentTo(requests, SALES_PATH, 'POST')).toHaveLength(0);

      // Emptied: nothing shows.
      await userEvent.clear(customerRefField());
      expect(screen.queryByRole('group', { name: 'Loyalty member' })).toBeNull();
      expect(screen.queryByText(NOT_A_MEMBER_TEXT)).toBeNull();
    });

    it('says "Not a loyalty member" for a reference that names nobody, and records the sale with it', async () => {
      const { requests } = renderTill();
      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      // Typed, then a pause: the look-up goes by itself.
      await userEvent.type(customerRefField(), 'walk-in 12');
      expect(await screen.findByText(NOT_A_MEMBER_TEXT)).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Redeem' })).toBeNull();

      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await screen.findByText('Sale recorded: 7.10');
      const [sent] = sentTo(requests, SALES_PATH, 'POST');
      expect(await bodyOf(sent!)).toEqual({
        storeId: HIGH_STREET.id,
        lines: [{ productId: OAT_MILK.id, quantity: 1 }],
        paymentMethod: 'CASH',
        customerRef: 'walk-in 12',
      });
    });

    it('redeems a chosen reward, shows it off the total, and the receipt shows the discount and the points', async () => {
      const { requests } = renderTill([
        { method: 'POST', path: SALES_PATH, answer: () => jsonResponse(201, LOYALTY_SALE) },
        { path: `${SALES_PATH}/${LOYALTY_SALE.id}`, answer: () => jsonResponse(200, LOYALTY_SALE) },
      ]);
      await fillBasket();
      await enterMember('LOY-77');
      await memberPanel();
      const redeem = screen.getByRole('combobox', { name: 'Redeem' });
      expect(redeem).toHaveTextContent('No reward');
      await userEvent.click(redeem);
      const hamper = await screen.findByRole('option', { name: /^Hamper/ });
      expect(hamper).toHaveAttribute('aria-disabled', 'true');
      expect(hamper).toHaveTextContent(/Hamper · 40.00 off · 5.?000 points/);
      await userEvent.click(screen.getByRole('option', { name: /^Free coffee/ }));

      expect(checkout()).toHaveTextContent('Reward: Free coffee−2.50');
      expect(checkout()).toHaveTextContent('Total4.60');

      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      expect(await screen.findByText('Sale recorded: 4.60')).toBeInTheDocument();
      const [sent] = sentTo(requests, SALES_PATH, 'POST');
      expect(await bodyOf(sent!)).toMatchObject({ customerRef: 'LOY-77', redeem: { rewardId: 'coffee' } });
      // The next sale starts without the member or her reward.
      expect(customerRefField()).toHaveValue('');
      expect(screen.queryByRole('group', { name: 'Loyalty member' })).toBeNull();

      const last = screen.getByText(/^Last sale: 4\.60/);
      expect(last).toHaveTextContent('Reward −2.50');
      expect(last).toHaveTextContent('Points: +4 earned, −500 redeemed');
      await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
      const receipt = await screen.findByRole('dialog');
      await within(receipt).findByText(OAT_MILK.name);
      expect(receipt).toHaveTextContent('Loyalty reward−2.50');
      expect(receipt).toHaveTextContent('Total4.60');
      expect(receipt).toHaveTextContent('Points: +4 earned, −500 redeemed');
    });

    it('warns that a reward worth more than the basket leaves the rest unused', async () => {
      renderTill();
      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      await enterMember('LOY-77');
      await memberPanel();
      await userEvent.click(screen.getByRole('combobox', { name: 'Redeem' }));
      await userEvent.click(await screen.findByRole('option', { name: /^Free coffee/ }));
      expect(
        await screen.findByText('Worth 2.50: this basket comes to 1.80, so 0.70 of it goes unused.'),
      ).toBeInTheDocument();
      expect(checkout()).toHaveTextContent('Total0.00');
    });

    it('spends cashback points, at most what she has and what the basket costs', async () => {
      const { requests } = renderTill();
      await scan('OAT-1L');
      await screen.findByText(OAT_MILK.name);
      await enterMember(CASHBACK_MEMBER.cardCode);
      const panel = await memberPanel();
      // No name: the card code names her.
      expect(panel).toHaveTextContent('CB-1');
      expect(panel).toHaveTextContent('250 points to spend');
      const spend = within(panel).getByRole('textbox', { name: 'Spend points' });
      // The basket is 1.80: 180 points at most.
      expect(panel).toHaveTextContent('Up to 180 points');
      await userEvent.type(spend, '200');
      expect(panel).toHaveTextContent('From 1 to 180 points.');
      expect(spend).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Record sale' })).toBeDisabled();

      await userEvent.clear(spend);
      await userEvent.type(spend, '150');
      expect(checkout()).toHaveTextContent('Reward: Cashback−1.50');
      expect(checkout()).toHaveTextContent('Total0.30');
      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));
      await screen.findByText(/^Sale recorded/);
      const [sent] = sentTo(requests, SALES_PATH, 'POST');
      expect(await bodyOf(sent!)).toMatchObject({ customerRef: 'CB-1', redeem: { points: 150 } });
    });

    it("shows the server's refusal of the redemption at the redeem control, and of the reference at its field", async () => {
      let answers = 0;
      renderTill([
        {
          method: 'POST',
          path: SALES_PATH,
          answer: () =>
            ++answers === 1
              ? jsonResponse(409, {
                  code: 'CONFLICT',
                  message: 'LOY-77 has 300 points to spend; this needs 500.',
                  details: { field: 'redeem', spendable: 300 },
                })
              : jsonResponse(400, {
                  code: 'VALIDATION_ERROR',
                  message: 'Invalid request',
                  details: {
                    fieldErrors: {
                      customerRef: ['To redeem points, give the member’s card code, e-mail or phone.'],
                    },
                  },
                }),
        },
      ]);
      await fillBasket();
      await enterMember('LOY-77');
      await memberPanel();
      await userEvent.click(screen.getByRole('combobox', { name: 'Redeem' }));
      await userEvent.click(await screen.findByRole('option', { name: /^Free coffee/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));

      const refusal = await screen.findByText('LOY-77 has 300 points to spend; this needs 500.');
      expect(within(await memberPanel()).getByText(refusal.textContent)).toBe(refusal);
      expect(screen.queryByRole('alert')).toBeNull();
      // The basket stays.
      expect(screen.getByText(OAT_MILK.name)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Record sale' }));
      expect(
        await screen.findByText('To redeem points, give the member’s card code, e-mail or phone.'),
      ).toBeInTheDocument();
      expect(customerRefField()).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
