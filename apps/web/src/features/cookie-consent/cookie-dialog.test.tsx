import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../test/render';
import {
  ANALYTICS_SCRIPT_ID,
  CONSENT_COOKIE_NAME,
  MARKETING_SCRIPT_ID,
  applyConsent,
  readConsent,
  writeConsent,
} from './cookie-consent';
import { CookieDialog } from './cookie-dialog';

const URLS = { analytics: 'https://stats.example.com/a.js', marketing: 'https://ads.example.com/pixel.js' };

afterEach(() => {
  document.getElementById(ANALYTICS_SCRIPT_ID)?.remove();
  document.getElementById(MARKETING_SCRIPT_ID)?.remove();
});

describe(CookieDialog.name, () => {
  it('is shown until a consent cookie exists', () => {
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    expect(screen.getByRole('dialog', { name: 'Cookies on this site' })).toBeInTheDocument();
  });

  it('is not shown when consent is stored', () => {
    writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Necessary on and locked', async () => {
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose cookies' }));
    const necessary = await screen.findByRole('checkbox', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    for (const name of ['Preferences', 'Statistics', 'Marketing']) {
      expect(await screen.findByRole('checkbox', { name })).not.toBeChecked();
    }
  });

  it('Allow all stores every category for 180 days and loads both trackers', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Allow all' }));
    expect(readConsent()).toEqual({ necessary: true, preferences: true, statistics: true, marketing: true });
    expect(cookieSetter.mock.calls[0]?.[0]).toMatch(
      new RegExp(`^${CONSENT_COOKIE_NAME}=.*; Max-Age=15552000; Path=/; SameSite=Lax`),
    );
    expect(document.getElementById(ANALYTICS_SCRIPT_ID)).toHaveAttribute('src', URLS.analytics);
    expect(document.getElementById(MARKETING_SCRIPT_ID)).toHaveAttribute('src', URLS.marketing);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Allow selection stores the chosen categories and loads only what they allow', async () => {
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose cookies' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Allow selection' }));
    expect(readConsent()).toEqual({
      necessary: true,
      preferences: false,
      statistics: true,
      marketing: false,
    });
    expect(document.getElementById(ANALYTICS_SCRIPT_ID)).not.toBeNull();
    expect(document.getElementById(MARKETING_SCRIPT_ID)).toBeNull();
  });

  it('Deny stores only the necessary category and loads nothing', async () => {
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose cookies' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Marketing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(readConsent()).toEqual({
      necessary: true,
      preferences: false,
      statistics: false,
      marketing: false,
    });
    expect(document.querySelectorAll('script[id^="consent-"]')).toHaveLength(0);
  });
});

describe('cookie dialog focus and keyboard', () => {
  it('takes focus when it appears, denies on Escape and gives focus back', async () => {
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    const dialog = screen.getByRole('dialog', { name: 'Cookies on this site' });
    expect(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(readConsent()).toEqual({
      necessary: true,
      preferences: false,
      statistics: false,
      marketing: false,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field).toHaveFocus();
    field.remove();
  });

  it('is a bar whose height the page knows while it shows', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(72);
    const { unmount } = renderWithProviders(<CookieDialog trackerUrls={URLS} />);
    expect(document.documentElement.style.getPropertyValue('--cookie-bar-height')).toBe('72px');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--cookie-bar-height')).toBe('');
  });

  it('reopens over a stored choice with that choice ticked', async () => {
    writeConsent({ necessary: true, preferences: false, statistics: true, marketing: false });
    renderWithProviders(<CookieDialog trackerUrls={URLS} isReopened />);
    expect(await screen.findByRole('checkbox', { name: 'Statistics' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  });
});

describe(applyConsent.name, () => {
  it('loads nothing when the URLs are not configured', async () => {
    await applyConsent({ necessary: true, preferences: true, statistics: true, marketing: true }, {});
    expect(document.querySelectorAll('script[id^="consent-"]')).toHaveLength(0);
  });

  it('asks the server for the configured URLs once, and only when a consent needs them', async () => {
    const { fetchMock } = mockFetch(() =>
      jsonResponse(200, { analyticsScriptUrl: 'https://stats.example.com/env.js', marketingPixelUrl: null }),
    );
    // A fresh module: the configuration is kept per page once asked for.
    vi.resetModules();
    const fresh = await import('./cookie-consent');
    await fresh.applyConsent({ necessary: true, preferences: true, statistics: false, marketing: false });
    expect(fetchMock).not.toHaveBeenCalled();

    await fresh.applyConsent({ necessary: true, preferences: false, statistics: true, marketing: true });
    await fresh.applyConsent({ necessary: true, preferences: false, statistics: true, marketing: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const asked = fetchMock.mock.calls[0]?.[0];
    expect(asked instanceof URL ? asked.pathname : asked).toBe('/api/public/site-config');
    expect(document.getElementById(ANALYTICS_SCRIPT_ID)).toHaveAttribute(
      'src',
      'https://stats.example.com/env.js',
    );
    expect(document.getElementById(MARKETING_SCRIPT_ID)).toBeNull();
  });

  it('loads each script once', async () => {
    const consent = { necessary: true, preferences: false, statistics: true, marketing: false } as const;
    await applyConsent(consent, URLS);
    await applyConsent(consent, URLS);
    expect(document.querySelectorAll(`#${ANALYTICS_SCRIPT_ID}`)).toHaveLength(1);
  });
});
