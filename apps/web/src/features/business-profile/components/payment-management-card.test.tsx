import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBusiness } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { AppToastContainer } from '../../../components/toast';
import { jsonResponse } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, type FetchHandler } from '../../../test/render';
import { businessRecord } from '../business-profile.fixtures';
import { PAYMENT_TEXTS } from '../messages';
import { PaymentManagementCard } from './payment-management-card';

const ACCOUNT = 'acct_sandbox_1A2b3C';
const ONBOARDING_LINK = `http://localhost/dashboard/payments/sandbox-onboarding?account=${ACCOUNT}`;

const NOT_CONNECTED = businessRecord();
const PENDING = businessRecord({ stripeAccountId: ACCOUNT });
const COMPLETE = businessRecord({ stripeAccountId: ACCOUNT, stripeOnboardingComplete: true });

/** The tab `window.open('', '_blank')` hands back: where it was sent, and whether it was closed. */
function stubNewTab() {
  const tab = {
    opener: window as unknown,
    location: { href: 'about:blank' },
    close: vi.fn(),
    document: { title: '', body: { textContent: '' } },
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

function setup(
  business: TBusiness,
  handler: FetchHandler = () => jsonResponse(500, {}),
  canManage = true,
  onProviderVisited: () => void = () => undefined,
) {
  const fake = mockFetch(handler);
  const view = renderWithProviders(
    <>
      <AppToastContainer />
      <PaymentManagementCard
        business={business}
        canManage={canManage}
        isLinkExpired={false}
        onDismissLinkExpired={() => undefined}
        onProviderVisited={onProviderVisited}
      />
    </>,
  );
  return { ...fake, ...view };
}

const card = () => screen.getByRole('region', { name: 'Payment Management' });
const button = (name: string) => within(card()).getByRole('button', { name });
const enabledActions = () =>
  ['Connect Stripe', 'Re-auth Stripe', 'Express Dashboard'].filter(
    (name) => !button(name).hasAttribute('disabled'),
  );

describe(PaymentManagementCard.name, () => {
  it.each([
    { state: 'no account', business: NOT_CONNECTED, chip: 'Not connected', enabled: ['Connect Stripe'] },
    {
      state: 'onboarding unfinished',
      business: PENDING,
      chip: 'Onboarding not finished',
      enabled: ['Connect Stripe', 'Re-auth Stripe'],
    },
    {
      state: 'onboarding complete',
      business: COMPLETE,
      chip: 'Onboarding complete',
      enabled: ['Re-auth Stripe', 'Express Dashboard'],
    },
  ])('turns the actions on by the account ($state)', ({ business, chip, enabled }) => {
    setup(business);
    expect(enabledActions()).toEqual(enabled);
    expect(within(card()).getByText(chip)).toBeInTheDocument();
    expect(within(card()).queryByText('Sandbox') !== null).toBe(business.stripeAccountId !== null);
  });

  it('asks first, opens the tab on the click and sends it to the link when it arrives', async () => {
    const { tab, open } = stubNewTab();
    let answer: (response: Response) => void = () => undefined;
    const { requests } = setup(NOT_CONNECTED, () => new Promise<Response>((resolve) => (answer = resolve)));

    await userEvent.click(button('Connect Stripe'));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Stripe' });
    expect(dialog).toHaveTextContent('Are you sure you want to perform: Connect Stripe?');
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    // Opened before the server answered, without a way back to this page.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url).pathname).toBe('/api/stripe/connect');
    answer(jsonResponse(200, ONBOARDING_LINK));
    await waitFor(() => expect(tab.location.href).toBe(ONBOARDING_LINK));
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab and shows the server’s message when the call fails', async () => {
    const { tab } = stubNewTab();
    const { requests } = setup(PENDING, () =>
      jsonResponse(404, { code: 'NOT_FOUND', message: 'This payment account is not yours.' }),
    );
    await userEvent.click(button('Re-auth Stripe'));
    const dialog = await screen.findByRole('dialog', { name: 'Re-auth Stripe' });
    expect(dialog).toHaveTextContent('Are you sure you want to perform: Re-auth Stripe?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('This payment account is not yours.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('about:blank');
    const sent = new URL(requests[0]!.url);
    expect(`${sent.pathname}${sent.search}`).toBe(`/api/stripe/reauth?account=${ACCOUNT}`);
  });

  it('offers the link in the card when the browser blocks the tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    setup(COMPLETE, () => jsonResponse(200, 'http://localhost/dashboard/payments/sandbox-dashboard'));
    await userEvent.click(button('Express Dashboard'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card()).findByText(PAYMENT_TEXTS.blocked)).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Open Express Dashboard' })).toHaveAttribute(
      'href',
      'http://localhost/dashboard/payments/sandbox-dashboard',
    );
  });

  it('shows an admin the table with every action off, and why', () => {
    setup(COMPLETE, undefined, false);
    expect(enabledActions()).toEqual([]);
    expect(card()).toHaveTextContent(PAYMENT_TEXTS.onlyOwner);
    expect(within(card()).getByText(ACCOUNT)).toBeInTheDocument();
  });

  it('reads the business again on every return to this tab until onboarding is complete', async () => {
    stubNewTab();
    const visited = vi.fn();
    const { rerender, store } = setup(PENDING, () => jsonResponse(200, ONBOARDING_LINK), true, visited);
    const focusBack = () => window.dispatchEvent(new Event('focus'));
    focusBack();
    expect(visited).not.toHaveBeenCalled();

    await userEvent.click(button('Connect Stripe'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The owner looks back here before finishing in the other tab, then again after.
    focusBack();
    focusBack();
    expect(visited).toHaveBeenCalledTimes(2);

    // Complete now: one more read, then no more.
    rerender(
      <AppProviders store={store}>
        <AppToastContainer />
        <PaymentManagementCard
          business={COMPLETE}
          canManage
          isLinkExpired={false}
          onDismissLinkExpired={() => undefined}
          onProviderVisited={visited}
        />
      </AppProviders>,
    );
    focusBack();
    focusBack();
    expect(visited).toHaveBeenCalledTimes(3);
  });

  it('does not tell a complete account to continue its onboarding', () => {
    setup(COMPLETE);
    const connectRow = within(card()).getAllByRole('row')[1]!;
    expect(connectRow).toHaveTextContent('Create the payment account and complete onboarding with Stripe.');
    expect(connectRow).toHaveTextContent('Onboarding is complete.');
    expect(connectRow).not.toHaveTextContent('Continue');
  });
});
