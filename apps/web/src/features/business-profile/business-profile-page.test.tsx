import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TBusiness } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { subscriptionRecord } from '../../test/subscription-fixtures';
import { businessRecord } from './business-profile.fixtures';
import { BusinessProfilePage } from './business-profile-page';
import { BUSINESS_CONFIRMATIONS, CHECKOUT_TEXTS, PAYMENT_TEXTS } from './messages';

const path = (request: Request) => new URL(request.url).pathname;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');
const BY_ID = `/api/businesses/${BUSINESS_ID}`;

async function sentBusiness(request: Request): Promise<{ json: unknown; hasLogo: boolean }> {
  const body = await request.formData();
  return { json: JSON.parse(body.get('business') as string), hasLogo: body.has('logo') };
}

/** The business as the server keeps it: PUT merges the JSON part, close and activate flip it. */
function businessServer(initial: TBusiness = businessRecord()): FetchHandler {
  let business = initial;
  return async (request) => {
    const at = path(request);
    if (request.method === 'GET' && at === BY_ID) return jsonResponse(200, business);
    if (at === '/api/subscriptions/current') return jsonResponse(404, { code: 'NOT_FOUND', message: 'None' });
    if (request.method === 'GET') {
      return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
    }
    if (at === `${BY_ID}/close` || at === `${BY_ID}/activate`) {
      business = { ...business, active: at.endsWith('/activate') };
      return jsonResponse(200, business);
    }
    if (request.method === 'PUT' && at === BY_ID) {
      const { json } = await sentBusiness(request.clone());
      const { address, removeLogo, ...rest } = json as Record<string, unknown>;
      business = {
        ...business,
        ...rest,
        logoUrl: removeLogo ? null : business.logoUrl,
        address: { ...business.address, ...(address as object) },
      };
      return jsonResponse(200, business);
    }
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(500, {});
  };
}

function setup(
  handler: FetchHandler,
  roles: Role[] = ['ROLE_BUSINESS_OWNER'],
  entry = '/dashboard/business-profile',
) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        path: '/dashboard/business-profile',
        element: (
          <>
            <AppToastContainer />
            <BusinessProfilePage />
          </>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [entry], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

const region = (name: string) => screen.getByRole('region', { name });

/** jsdom has no scrollIntoView: record which elements the page scrolls to. */
function recordScrolls(): Element[] {
  const scrolled: Element[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      scrolled.push(this);
    },
  });
  return scrolled;
}

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function proceed(title: string, message: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent(message);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe(BusinessProfilePage.name, () => {
  it('shows the business, its additional information and address, and the owner’s actions', async () => {
    setup(businessServer());
    const info = await screen.findByRole('region', { name: 'Corner Shop' });
    for (const text of [
      'RC-1234',
      'hello@corner.example',
      'https://corner.example',
      'Additional Information',
    ]) {
      expect(info).toHaveTextContent(text);
    }
    for (const text of [
      'Retail',
      'Europe/London',
      'GBP',
      'Groceries and more',
      'Stripe onboarding complete',
    ]) {
      expect(info).toHaveTextContent(text);
    }
    expect(region('Business Address')).toHaveTextContent('N1 1AA');
    // 000 section 2: the Subscription card follows the address; no subscription (404) is Free.
    expect(
      await within(region('Subscription')).findByRole('link', { name: 'Upgrade Plan' }),
    ).toBeInTheDocument();
    expect(
      within(region('Business status')).getByRole('button', { name: 'Close Business' }),
    ).toBeInTheDocument();
    expect(
      within(region('Business status')).getByRole('button', { name: 'Delete Business' }),
    ).toBeInTheDocument();
  });

  it('saves only the changed details, time zone and currency after "Update Business Profile"', async () => {
    const { requests } = setup(businessServer());
    const info = await screen.findByRole('region', { name: 'Corner Shop' });
    await userEvent.click(within(info).getByRole('button', { name: 'Edit Business Info' }));
    const registration = within(info).getByLabelText('Registration number');
    await userEvent.clear(registration);
    await userEvent.type(within(info).getByLabelText('Website'), '/shop');
    await userEvent.click(within(info).getByRole('combobox', { name: 'Currency' }));
    await userEvent.click(screen.getByRole('option', { name: 'EUR' }));
    const zone = within(info).getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Par');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await proceed(BUSINESS_CONFIRMATIONS.info.title, BUSINESS_CONFIRMATIONS.info.message);
    expect(await screen.findByText('Business profile updated')).toBeInTheDocument();
    const [put] = writes(requests);
    expect(put?.method).toBe('PUT');
    expect(path(put!)).toBe(BY_ID);
    expect(await sentBusiness(put!)).toEqual({
      json: {
        registrationNumber: '',
        websiteUrl: 'https://corner.example/shop',
        currency: 'EUR',
        timeZone: 'Europe/Paris',
      },
      hasLogo: false,
    });
    await waitFor(() => expect(info).toHaveTextContent('Europe/Paris'));
  });

  it('removes the logo when asked', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => undefined });
    const { requests } = setup(businessServer(businessRecord({ logoUrl: 'logos/corner.png' })));
    const info = await screen.findByRole('region', { name: 'Corner Shop' });
    expect(await within(info).findByRole('img', { name: 'Logo of Corner Shop' })).toHaveAttribute(
      'src',
      'blob:logo',
    );
    await userEvent.click(within(info).getByRole('button', { name: 'Edit Business Info' }));
    await userEvent.click(within(info).getByRole('button', { name: 'Remove logo' }));
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await proceed(BUSINESS_CONFIRMATIONS.info.title, BUSINESS_CONFIRMATIONS.info.message);
    await screen.findByText('Business profile updated');
    expect(await sentBusiness(writes(requests)[0]!)).toEqual({ json: { removeLogo: true }, hasLogo: false });
  });

  it('saves the address on its own after "Update Business Address"', async () => {
    const { requests } = setup(businessServer());
    await screen.findByRole('region', { name: 'Corner Shop' });
    const address = region('Business Address');
    await userEvent.click(within(address).getByRole('button', { name: 'Edit' }));
    const city = within(address).getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Leeds');
    await userEvent.click(within(address).getByRole('button', { name: 'Save' }));
    await proceed(BUSINESS_CONFIRMATIONS.address.title, BUSINESS_CONFIRMATIONS.address.message);
    expect(await screen.findByText('Business address updated')).toBeInTheDocument();
    expect(await sentBusiness(writes(requests)[0]!)).toEqual({
      json: { address: { city: 'Leeds' } },
      hasLogo: false,
    });
  });

  it('lets an admin edit but not close or delete the business', async () => {
    setup(businessServer(), ['ROLE_BUSINESS_ADMIN']);
    const info = await screen.findByRole('region', { name: 'Corner Shop' });
    expect(within(info).getByRole('button', { name: 'Edit Business Info' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Business status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Business' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close Business' })).toBeNull();
  });

  it('closes and activates the business after confirmation', async () => {
    const { requests } = setup(businessServer());
    await screen.findByRole('region', { name: 'Corner Shop' });
    await userEvent.click(within(region('Business status')).getByRole('button', { name: 'Close Business' }));
    await proceed(BUSINESS_CONFIRMATIONS.close.title, BUSINESS_CONFIRMATIONS.close.message);
    const activate = await within(region('Business status')).findByRole('button', {
      name: 'Activate Business',
    });
    // The small "Closed" label in a deeper amber than MUI's warning: readable on white (axe).
    expect(within(region('Business status')).getByText('Closed')).toHaveStyle({ color: 'rgb(138, 75, 0)' });
    await userEvent.click(activate);
    await proceed(BUSINESS_CONFIRMATIONS.activate.title, BUSINESS_CONFIRMATIONS.activate.message);
    await within(region('Business status')).findByRole('button', { name: 'Close Business' });
    expect(writes(requests).map((request) => `${request.method} ${path(request)}`)).toEqual([
      `PUT ${BY_ID}/close`,
      `PUT ${BY_ID}/activate`,
    ]);
  });

  it('deletes the business only once its name is typed, then signs out', async () => {
    const { requests, store } = setup(businessServer());
    await screen.findByRole('region', { name: 'Corner Shop' });
    await userEvent.click(within(region('Business status')).getByRole('button', { name: 'Delete Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Business' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Business' });
    const name = within(dialog).getByLabelText('Type "Corner Shop" to confirm');
    await userEvent.type(name, 'Corner');
    expect(confirm).toBeDisabled();
    await userEvent.type(name, ' Shop{Enter}');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    const [remove] = writes(requests);
    expect(`${remove?.method} ${path(remove!)}`).toBe(`DELETE ${BY_ID}`);
    expect(await remove!.json()).toEqual({ businessName: 'Corner Shop' });
    expect(store.getState().session.token).toBeNull();
  });

  it('says the onboarding link expired after ?stripe=refresh and takes the query off the address', async () => {
    const { router } = setup(
      businessServer(businessRecord({ stripeAccountId: 'acct_sandbox_1A2b3C' })),
      undefined,
      '/dashboard/business-profile?stripe=refresh&account=acct_sandbox_1A2b3C',
    );
    const payments = await screen.findByRole('region', { name: 'Payment Management' });
    expect(within(payments).getByRole('alert')).toHaveTextContent(PAYMENT_TEXTS.linkExpired);
    expect(within(payments).getByRole('button', { name: 'Re-auth Stripe' })).toBeEnabled();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    // Not a new page: the router keeps the scroll at the card the owner came back for.
    expect(router.state.preventScrollReset).toBe(true);
  });

  it('after Checkout, says the payment arrived and reads the subscription until the provider confirms it', async () => {
    let reads = 0;
    const server = businessServer();
    const { router } = setup(
      (request) => {
        if (path(request) !== '/api/subscriptions/current') return server(request);
        reads += 1;
        return reads < 2
          ? jsonResponse(404, { code: 'NOT_FOUND', message: 'None' })
          : jsonResponse(200, subscriptionRecord('BASIC', { sandbox: false }));
      },
      undefined,
      '/dashboard/business-profile?checkout=success',
    );
    expect(await screen.findByText(CHECKOUT_TEXTS.success)).toBeInTheDocument();
    // Read again 2 s later, when the webhook has arrived; then the query leaves the address.
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 4_000 });
    expect(router.state.preventScrollReset).toBe(true);
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(await within(region('Subscription')).findByText('Basic')).toBeInTheDocument();
  });

  it('shows a failed load in red with the fallback text', async () => {
    setup(() => jsonResponse(500, {}));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('An error occurred');
  });

  it('back from the payment provider, brings Payment Management into view and focuses it', async () => {
    const scrolled = recordScrolls();
    setup(
      businessServer(businessRecord({ stripeAccountId: 'acct_sandbox_1A2b3C' })),
      undefined,
      '/dashboard/business-profile?stripe=return',
    );
    const payments = await screen.findByRole('region', { name: 'Payment Management' });
    await waitFor(() => expect(payments).toHaveFocus());
    expect(scrolled).toEqual([payments]);
  });

  it('opened at #subscription (after paying), brings the Subscription card into view and focuses it', async () => {
    const scrolled = recordScrolls();
    setup(businessServer(), undefined, '/dashboard/business-profile#subscription');
    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    await waitFor(() => expect(subscription).toHaveFocus());
    expect(scrolled).toEqual([subscription]);
  });

  it('opened plainly, stays at the top', async () => {
    const scrolled = recordScrolls();
    setup(businessServer());
    await screen.findByRole('region', { name: 'Payment Management' });
    expect(scrolled).toEqual([]);
    expect(document.body).toHaveFocus();
  });
});
