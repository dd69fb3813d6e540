import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TSubscription } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { SUBSCRIPTION_ID, planList, subscriptionRecord } from '../../test/subscription-fixtures';
import {
  CANCELED_CHANGE_BLOCKED,
  CHECKOUT_CANCELED,
  FREE_CHANGE_BLOCKED,
  OPENING_CHECKOUT,
  OPEN_BUSINESS_PROFILE,
} from './messages';
import { SubscribePage } from './subscribe-page';

const path = (request: Request) => new URL(request.url).pathname;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

/** Plans, the current subscription (null: 404) and the answer to a payment. */
function server(current: TSubscription | null, pay: () => Response): FetchHandler {
  return (request) => {
    if (path(request) === '/api/subscription-plans') return jsonResponse(200, planList());
    if (path(request) === '/api/subscriptions/current') {
      return current ? jsonResponse(200, current) : jsonResponse(404, { code: 'NOT_FOUND', message: 'None' });
    }
    return pay();
  };
}

function setup(
  handler: FetchHandler,
  entry = '/dashboard/subscribe?plan=BASIC',
  roles: Role[] = ['ROLE_BUSINESS_OWNER'],
) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        path: '/dashboard/subscribe',
        element: (
          <>
            <AppToastContainer />
            <SubscribePage />
          </>
        ),
      },
      {
        path: '/dashboard/business-profile',
        element: (
          <>
            <AppToastContainer />
            <p>Business profile</p>
          </>
        ),
      },
    ],
    { initialEntries: [entry], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm' });

describe(SubscribePage.name, () => {
  it('subscribes from Free with an Idempotency-Key, then shows the sandbox toast on the business profile', async () => {
    const { requests, router } = setup(server(null, () => jsonResponse(201, subscriptionRecord('BASIC'))));
    const choice = await screen.findByRole('region', { name: 'Your choice' });
    expect(choice).toHaveTextContent('$29');
    expect(choice).toHaveTextContent('2,000 products');
    expect(choice).toHaveTextContent('Audit log');
    // Before paying, not only in the toast afterwards.
    expect(choice).toHaveTextContent('Sandbox: no real card is charged.');
    await waitFor(async () => expect(await confirmButton()).toBeEnabled());
    await userEvent.click(await confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/business-profile'));
    // To the Subscription card, not the top of a long page.
    expect(router.state.location.hash).toBe('#subscription');
    expect(
      await screen.findByText('You are now on the Basic plan. Sandbox: no real card is charged.'),
    ).toBeInTheDocument();
    const [post] = writes(requests);
    expect(post!.method).toBe('POST');
    expect(path(post!)).toBe('/api/subscriptions');
    expect(await post!.json()).toEqual({ planId: 'BASIC' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes to the provider’s payment page in this tab when the server answers a checkout (202)', async () => {
    const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_a1';
    const { router } = setup(
      server(null, () =>
        jsonResponse(202, { checkoutUrl, expiresAt: '2026-11-27T10:00:00.000Z', sandbox: false }),
      ),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await waitFor(async () => expect(await confirmButton()).toBeEnabled());
    await userEvent.click(await confirmButton());

    expect(await screen.findByRole('status')).toHaveTextContent(OPENING_CHECKOUT);
    expect(assign).toHaveBeenCalledWith(checkoutUrl);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/dashboard/subscribe');
  });

  it('says nothing was charged when the owner comes back from a canceled payment, with the plan chosen', async () => {
    const { router } = setup(
      server(null, () => jsonResponse(500, {})),
      '/dashboard/subscribe?plan=BASIC&checkout=canceled',
    );
    expect(await screen.findByText(CHECKOUT_CANCELED)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /^Basic/ })).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe('?plan=BASIC'));
  });

  it('changes the plan of an open subscription and keeps the key when retrying after a 409', async () => {
    let attempts = 0;
    const { requests, router } = setup(
      server(subscriptionRecord('ADVANCED'), () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(409, { code: 'CONFLICT', message: 'Remove 2 stores first: Basic allows 3.' })
          : jsonResponse(200, subscriptionRecord('BASIC', { sandbox: false }));
      }),
    );
    expect(await screen.findByText(/Changing from Advanced to Basic/)).toBeInTheDocument();
    expect(screen.getByText('Sandbox: no real card is charged.')).toBeInTheDocument();
    await waitFor(async () => expect(await confirmButton()).toBeEnabled());
    await userEvent.click(await confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Creation failed');
    expect(alert).toHaveTextContent('Remove 2 stores first: Basic allows 3.');

    await userEvent.click(await confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/business-profile'));
    const [refused, accepted] = writes(requests);
    expect(refused!.method).toBe('PUT');
    expect(path(refused!)).toBe(`/api/subscriptions/${SUBSCRIPTION_ID}`);
    expect(await accepted!.json()).toEqual({ planId: 'BASIC' });
    expect(accepted!.headers.get('Idempotency-Key')).toBe(refused!.headers.get('Idempotency-Key'));
  });

  it('shows "Processing..." while paying and the fallback text when the server gives none', async () => {
    let answer: (response: Response) => void = () => undefined;
    setup(server(null, () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response));
    await waitFor(async () => expect(await confirmButton()).toBeEnabled());
    await userEvent.click(await confirmButton());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(jsonResponse(500, {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create subscription');
  });

  it('lets a plan be chosen, and keeps the current plan from being bought again', async () => {
    setup(
      server(subscriptionRecord('BASIC'), () => jsonResponse(500, {})),
      '/dashboard/subscribe',
    );
    expect(await screen.findByText('Choose a plan to see what it costs and includes.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /^Basic/ }));
    expect(await screen.findByText('This is your current plan.')).toBeInTheDocument();
    expect(await confirmButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /^Supreme/ }));
    await waitFor(async () => expect(await confirmButton()).toBeEnabled());
  });

  it('shows a business admin the plan but not the payment, and why', async () => {
    const { requests } = setup(
      server(null, () => jsonResponse(201, subscriptionRecord())),
      undefined,
      ['ROLE_BUSINESS_ADMIN'],
    );
    const choice = await screen.findByRole('region', { name: 'Your choice' });
    expect(
      within(choice).getByText(
        'Only the business owner can change the subscription. Ask your owner to choose this plan.',
      ),
    ).toBeInTheDocument();
    expect(await confirmButton()).toBeDisabled();
    expect(writes(requests)).toHaveLength(0);
  });

  it('sends the owner of a canceled subscription to reactivate it instead of offering a change the server refuses', async () => {
    const { requests } = setup(
      server(subscriptionRecord('BASIC', { status: 'CANCELED', autoRenew: false }), () =>
        jsonResponse(500, {}),
      ),
      '/dashboard/subscribe?plan=ADVANCED',
    );
    const choice = await screen.findByRole('region', { name: 'Your choice' });
    const note = await within(choice).findByText(CANCELED_CHANGE_BLOCKED);
    expect(
      within(note.closest('[role="note"]') as HTMLElement).getByRole('link', { name: OPEN_BUSINESS_PROFILE }),
    ).toHaveAttribute('href', '/dashboard/business-profile#subscription');
    expect(choice).not.toHaveTextContent('Changing from');
    expect(await confirmButton()).toBeDisabled();
    expect(writes(requests)).toHaveLength(0);
  });

  it('says that Free is reached by cancelling, not by a change of plan', async () => {
    setup(
      server(subscriptionRecord('SUPREME'), () => jsonResponse(500, {})),
      '/dashboard/subscribe?plan=FREE',
    );
    const choice = await screen.findByRole('region', { name: 'Your choice' });
    expect(await within(choice).findByText(FREE_CHANGE_BLOCKED)).toBeInTheDocument();
    expect(choice).not.toHaveTextContent('Changing from');
    expect(choice).not.toHaveTextContent('renews monthly');
    expect(await confirmButton()).toBeDisabled();
  });

  it('loads the plans again from "Try again" after a failure', async () => {
    let planReads = 0;
    setup((request) => {
      if (path(request) === '/api/subscription-plans') {
        planReads += 1;
        return planReads === 1 ? jsonResponse(503, {}) : jsonResponse(200, planList());
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'None' });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load plans');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your choice' })).toHaveTextContent('$29');
  });
});
