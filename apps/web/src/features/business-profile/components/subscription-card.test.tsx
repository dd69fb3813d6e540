import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TSubscription } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../../components/toast';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../../test/render';
import { SUBSCRIPTION_ID, subscriptionRecord } from '../../../test/subscription-fixtures';
import { AUTO_RENEW_HINTS, CANCEL_SUBSCRIPTION_CONFIRMATION } from '../messages';
import { SubscriptionCard } from './subscription-card';

const path = (request: Request) => new URL(request.url).pathname;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');
const BY_ID = `/api/subscriptions/${SUBSCRIPTION_ID}`;

/** The subscription as the server keeps it (null: 404); `refuse` answers every change with it. */
function subscriptionServer(initial: TSubscription | null, refuse?: Response): FetchHandler {
  let subscription = initial;
  return (request) => {
    const at = path(request);
    if (at === '/api/subscriptions/current') {
      return subscription
        ? jsonResponse(200, subscription)
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'None' });
    }
    if (refuse) return refuse.clone();
    if (!subscription) return jsonResponse(500, {});
    if (request.method === 'DELETE' && at === BY_ID) subscription = { ...subscription, status: 'CANCELED' };
    if (at === `${BY_ID}/reactivate`) subscription = { ...subscription, status: 'ACTIVE' };
    if (at === `${BY_ID}/auto-renew`) {
      subscription = {
        ...subscription,
        autoRenew: new URL(request.url).searchParams.get('enable') === 'true',
      };
    }
    return jsonResponse(200, subscription);
  };
}

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/business-profile',
        element: (
          <>
            <AppToastContainer />
            <SubscriptionCard
              businessId={BUSINESS_ID}
              timeZone="Europe/London"
              canManage={roles.includes('ROLE_BUSINESS_OWNER')}
            />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/business-profile'], session: makeSession({ roles }) },
  );
  return fake;
}

const card = () => screen.findByRole('region', { name: /^Subscription/ });

describe(SubscriptionCard.name, () => {
  it('shows the plan, status, end date, auto-renew and the sandbox badge; cancels after the confirmation', async () => {
    const { requests } = setup(subscriptionServer(subscriptionRecord('BASIC')));
    const region = await card();
    await within(region).findByText('Basic');
    expect(region).toHaveTextContent('End dateDecember 1, 2026');
    // A deeper blue than MUI's info for the small label: readable on white (axe).
    expect(within(region).getByText('Sandbox')).toHaveStyle({ color: 'rgb(1, 87, 155)' });
    expect(within(region).getByRole('switch', { name: 'Auto-renew' })).toBeChecked();
    expect(within(region).getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );

    await userEvent.click(within(region).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_SUBSCRIPTION_CONFIRMATION.title });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to cancel your subscription? You will keep access until the end of the billing period.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(region).toHaveTextContent('Access untilDecember 1, 2026'));
    expect(within(region).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(writes(requests).map((request) => `${request.method} ${path(request)}`)).toEqual([
      `DELETE ${BY_ID}`,
    ]);

    await userEvent.click(within(region).getByRole('button', { name: 'Reactivate' }));
    expect(await within(region).findByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(path(writes(requests)[1]!)).toBe(`${BY_ID}/reactivate`);
  });

  it('toggles auto-renew with PATCH ?enable=', async () => {
    const { requests } = setup(subscriptionServer(subscriptionRecord('ADVANCED')));
    const region = await card();
    const toggle = await within(region).findByRole('switch', { name: 'Auto-renew' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    const [patch] = writes(requests);
    expect(patch!.method).toBe('PATCH');
    expect(new URL(patch!.url).search).toBe('?enable=false');
  });

  it('shows the spec texts when auto-renew or cancel fail', async () => {
    setup(subscriptionServer(subscriptionRecord('BASIC'), jsonResponse(500, {})));
    const region = await card();
    await userEvent.click(await within(region).findByRole('switch', { name: 'Auto-renew' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to toggle auto-renew');
    expect(alert).toHaveTextContent('Failed to update auto-renew');

    await userEvent.click(within(region).getByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(within(region).getByRole('alert')).toHaveTextContent('Cancel failed'));
    expect(within(region).getByRole('alert')).toHaveTextContent('Failed to cancel subscription');
  });

  it('reads no subscription (404) as Free: Upgrade Plan, no Cancel, auto-renew off', async () => {
    setup(subscriptionServer(null));
    const region = await card();
    await within(region).findByText('Free');
    expect(within(region).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
    expect(within(region).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(within(region).getByRole('switch', { name: 'Auto-renew' })).toBeDisabled();
  });

  it('offers no Cancel on a free plan', async () => {
    setup(subscriptionServer(subscriptionRecord('FREE')));
    const region = await card();
    expect(await within(region).findByRole('link', { name: 'Upgrade Plan' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('lets a business admin read only', async () => {
    setup(subscriptionServer(subscriptionRecord('BASIC')), ['ROLE_BUSINESS_ADMIN']);
    const region = await card();
    await within(region).findByText('Basic');
    expect(within(region).getByRole('switch', { name: 'Auto-renew' })).toBeDisabled();
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByRole('link')).toBeNull();
    expect(region).toHaveTextContent('Only the business owner can change the subscription.');
  });

  it('says "Load current failed" when the current subscription cannot be read', async () => {
    setup(() => jsonResponse(500, {}));
    expect(await within(await card()).findByRole('alert')).toHaveTextContent('Load current failed');
  });

  it('keeps the keyboard focus on the auto-renew switch while the call runs, and says what the end date means', async () => {
    let answer: () => void = () => undefined;
    const server = subscriptionServer(subscriptionRecord('BASIC'));
    setup((request) =>
      request.method === 'PATCH'
        ? new Promise<Response>((resolve) => (answer = () => resolve(server(request))))
        : server(request),
    );
    const region = await card();
    const toggle = await within(region).findByRole('switch', { name: 'Auto-renew' });
    expect(toggle).toHaveAccessibleDescription(AUTO_RENEW_HINTS.on);
    toggle.focus();
    await userEvent.keyboard(' ');
    // The call is under way: still enabled and focused, a second press does not send another.
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    answer();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAccessibleDescription(AUTO_RENEW_HINTS.off);
  });

  it('moves the focus to Reactivate after cancelling and back to Cancel Subscription after reactivating', async () => {
    setup(subscriptionServer(subscriptionRecord('BASIC')));
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    const reactivate = await within(region).findByRole('button', { name: 'Reactivate' });
    await waitFor(() => expect(reactivate).toHaveFocus());
    // Canceled, Reactivate is the way on; Change Plan stays, second.
    expect(reactivate).toHaveClass('MuiButton-contained');
    expect(within(region).getByRole('link', { name: 'Change Plan' })).toHaveClass('MuiButton-outlined');

    await userEvent.keyboard('{Enter}');
    const cancel = await within(region).findByRole('button', { name: 'Cancel Subscription' });
    await waitFor(() => expect(cancel).toHaveFocus());
  });

  it('reads the subscription again from "Try again" after a failed load', async () => {
    let reads = 0;
    const server = subscriptionServer(subscriptionRecord('BASIC'));
    setup((request) => {
      reads += 1;
      return reads === 1 ? jsonResponse(500, {}) : server(request);
    });
    const region = await card();
    const alert = await within(region).findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Basic')).toBeInTheDocument();
  });
});
