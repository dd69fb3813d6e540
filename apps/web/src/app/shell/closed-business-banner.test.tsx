import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TBusiness } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { appRoutes } from '../routes';
import { CLOSED_BUSINESS_TEXT, ClosedBusinessBanner } from './closed-business-banner';

const BY_ID = `/api/businesses/${BUSINESS_ID}`;

function business(active: boolean): TBusiness {
  return {
    id: BUSINESS_ID,
    businessName: 'Corner Shop',
    registrationNumber: null,
    businessEmail: null,
    businessPhoneNumber: null,
    websiteUrl: null,
    industryType: null,
    description: null,
    dateEstablished: '2026-01-05',
    logoUrl: null,
    active,
    stripeAccountId: null,
    stripeOnboardingComplete: false,
    timeZone: 'UTC',
    currency: 'USD',
    address: { street: null, city: null, state: null, zipCode: null, postalCode: null, country: null },
  };
}

/** The business as the server keeps it; close and activate flip `active`. */
function setup(options: { active: boolean; roles?: Role[]; path?: string }) {
  let active = options.active;
  const fake = mockFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === `${BY_ID}/close` || path === `${BY_ID}/activate`) active = path.endsWith('/activate');
    if (path.startsWith(BY_ID) && !path.endsWith('/setup-progress'))
      return jsonResponse(200, business(active));
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not here.' });
  });
  const view = renderRoutes(appRoutes, {
    initialEntries: [options.path ?? '/dashboard'],
    session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
  });
  return { ...fake, ...view };
}

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
    })),
  );
});

describe(ClosedBusinessBanner.name, () => {
  it('tells the owner of a closed business, and goes once she reactivates it', async () => {
    const { requests } = setup({ active: false });
    const banner = (await screen.findByText(CLOSED_BUSINESS_TEXT)).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(banner).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(screen.queryByText(CLOSED_BUSINESS_TEXT)).toBeNull());
    expect(
      requests.some((request) => request.method === 'PUT' && request.url.endsWith(`${BY_ID}/activate`)),
    ).toBe(true);
  });

  it('is not shown while the business is open', async () => {
    setup({ active: true });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Corner Shop'));
    expect(screen.queryByText(CLOSED_BUSINESS_TEXT)).toBeNull();
  });

  it('is not shown to an admin, who cannot reactivate', async () => {
    setup({ active: false, roles: ['ROLE_BUSINESS_ADMIN'] });
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Corner Shop'));
    expect(screen.queryByText(CLOSED_BUSINESS_TEXT)).toBeNull();
  });

  it('appears when the owner closes the business on the Business Profile', async () => {
    setup({ active: true, path: '/dashboard/business-profile' });
    const status = await screen.findByRole('region', { name: 'Business status' });
    expect(screen.queryByText(CLOSED_BUSINESS_TEXT)).toBeNull();
    await userEvent.click(within(status).getByRole('button', { name: 'Close Business' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText(CLOSED_BUSINESS_TEXT)).toBeInTheDocument();
  });
});
