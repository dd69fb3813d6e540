import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { planList, subscriptionRecord } from '../../test/subscription-fixtures';
import { SubscriptionPlansPage } from './subscription-plans-page';

const path = (request: Request) => new URL(request.url).pathname;

function setup(handler: FetchHandler, signedIn: boolean) {
  const fake = mockFetch(handler);
  renderRoutes([{ path: '/subscription-plans', element: <SubscriptionPlansPage /> }], {
    initialEntries: ['/subscription-plans'],
    ...(signedIn ? { session: makeSession() } : {}),
  });
  return fake;
}

function server(current: Response | null): FetchHandler {
  return (request) => {
    if (path(request) === '/api/subscription-plans') return jsonResponse(200, planList());
    if (path(request) === '/api/subscriptions/current' && current) return current.clone();
    return jsonResponse(500, {});
  };
}

const card = (name: string) => screen.getByRole('region', { name });
/** The accented card's second pixel of outline (jsdom drops the var() of its border colour). */
const ACCENT_OUTLINE = '0 0 0 1px var(--mui-palette-primary-main)';

describe(SubscriptionPlansPage.name, () => {
  it('shows the four plans with prices, limits and features, and sends a visitor to /register', async () => {
    const { requests } = setup(server(null), false);
    const basic = await screen.findByRole('region', { name: 'Basic' });
    expect(basic).toHaveTextContent('$29');
    expect(basic).toHaveTextContent('3 stores');
    expect(basic).toHaveTextContent('Loyalty programs');
    expect(card('Supreme')).toHaveTextContent('Unlimited products');
    expect(within(card('Free')).getByRole('link', { name: 'Start free' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(basic).getByRole('link', { name: 'Choose Basic' })).toHaveAttribute('href', '/register');
    // A visitor sees the highlighted plan outlined.
    expect(card('Advanced')).toHaveStyle({ boxShadow: ACCENT_OUTLINE });

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    const products = rows.find((row) => row.textContent?.startsWith('Products'));
    expect(products).toHaveTextContent('1002,00020,000Unlimited');
    const forecast = rows.find((row) => row.textContent?.startsWith('Forecasts'));
    expect(within(forecast!).getAllByLabelText('Not included')).toHaveLength(3);
    // On a phone the plans scroll sideways under row names that stay put.
    expect(within(products!).getByRole('rowheader')).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(screen.getByText('Scroll sideways to see every plan')).toBeInTheDocument();
    // A visitor's page asks for the plans only, without a token.
    expect(requests.map(path)).toEqual(['/api/subscription-plans']);
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('marks the current plan when signed in and leads the others to /dashboard/subscribe', async () => {
    const { requests } = setup(server(jsonResponse(200, subscriptionRecord('BASIC'))), true);
    const basic = await screen.findByRole('region', { name: 'Basic' });
    expect(await within(basic).findByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(basic).getByText('Your plan')).toBeInTheDocument();
    // Only the business's plan carries the accent outline once it is known.
    expect(basic).toHaveStyle({ boxShadow: ACCENT_OUTLINE });
    expect(card('Advanced')).toHaveStyle({ boxShadow: 'none' });
    expect(within(card('Advanced')).getByRole('link', { name: 'Choose Advanced' })).toHaveAttribute(
      'href',
      '/dashboard/subscribe?plan=ADVANCED',
    );
    const current = requests.find((request) => path(request) === '/api/subscriptions/current')!;
    expect(new URL(current.url).searchParams.get('businessId')).toBe(makeSession().businessId);
  });

  it('reads no subscription (404) as Free', async () => {
    setup(server(jsonResponse(404, { code: 'NOT_FOUND', message: 'No subscription' })), true);
    const free = await screen.findByRole('region', { name: 'Free' });
    expect(await within(free).findByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(card('Basic')).getByRole('link', { name: 'Choose Basic' })).toBeInTheDocument();
  });

  it('says when the plans cannot be loaded', async () => {
    setup(() => jsonResponse(503, {}), false);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load subscription plans');
    expect(alert).toHaveTextContent('Failed to fetch subscription plans');
  });
});
