import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { HIGH_STREET, WITH_SALES, sentTo } from '../analytics.test-kit';
import { BAND_LABEL } from '../reports/forecast-chart';
import { FORECAST, bodiesSentTo, planRefusal, renderReports, type Route } from '../reports/reports.test-kit';
import { FORECAST_WORKING_TEXT, ForecastPanel } from './forecast-panel';
import { FORECAST_PRODUCTS_MESSAGE } from './forecast-products.api';
import { PRODUCT_NEEDS_STORE } from './product-picker';

const PREDICT = '/api/reports/predict';
const PRODUCTS = '/api/reports/products';
const OAT_MILK = { id: '3a000000-0000-4000-8000-000000000001', sku: 'OAT-1', name: 'Oat milk' };

afterEach(() => vi.unstubAllGlobals());

const CHOICES = WITH_SALES.filter((route) => route.path === '/api/sales-analytics/choices');
const predicting = (answer: Route['answer']): Route => ({ method: 'POST', path: PREDICT, answer });
const searching = (answer: Route['answer']): Route => ({ path: PRODUCTS, answer });
const forecastButton = () => screen.getByRole('button', { name: 'Forecast' });

async function pick(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Typing without the default pause between keys keeps each file well under its time budget.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe(ForecastPanel.name, () => {
  it('forecasts the business and shows the headline, the band, the model with its error and the suggested orders', async () => {
    const { requests } = renderReports(
      <ForecastPanel />,
      [...CHOICES, predicting(() => jsonResponse(200, FORECAST))],
      {
        planId: 'SUPREME',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Forecast' }));

    expect(await screen.findByRole('heading', { name: FORECAST.title })).toBeInTheDocument();
    expect(sentTo(requests, PREDICT)).toEqual([{ forecastPeriod: '30' }]);
    expect(await bodiesSentTo(requests, PREDICT)).toEqual([{}]);

    const expected = screen.getByRole('group', { name: 'Expected sales' });
    expect(expected).toHaveTextContent('£700.00');
    expect(expected).toHaveTextContent('80% interval £610.00 to £790.00');
    expect(screen.getByRole('group', { name: 'Sales, last 7 days' })).toHaveTextContent('£680.00');
    const model = screen.getByRole('group', { name: 'Model' });
    expect(model).toHaveTextContent('Holt-Winters with weekly seasonality');
    expect(model).toHaveTextContent('Back-test error (MAPE) 8.4%');

    // The band is drawn (a stacked area from low to high), and the legend names it.
    const chart = screen.getByRole('figure', { name: FORECAST.charts[0]!.title });
    expect(chart.querySelector('path[data-series="band"]')?.getAttribute('d')).toMatch(/^M/);
    expect(chart.querySelector('path[data-series="history"]')).not.toBeNull();
    expect(chart.querySelector('path[data-series="forecast"]')).not.toBeNull();
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText(BAND_LABEL)).toBeInTheDocument();

    const orders = screen.getByRole('table', { name: 'Suggested orders' });
    expect(within(orders).getAllByRole('row')[1]).toHaveTextContent(/Oat milk\s*OAT-1.*1,500\s*1,506/);
    // Each day's forecast waits behind a click.
    expect(screen.queryByRole('table', { name: 'Sales per day, forecast' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show each day' }));
    expect(screen.getByRole('table', { name: 'Sales per day, forecast' })).toBeInTheDocument();
  });

  it('forecasts one store over the period chosen', async () => {
    const { requests } = renderReports(
      <ForecastPanel />,
      [...CHOICES, predicting(() => jsonResponse(200, FORECAST))],
      {
        planId: 'SUPREME',
      },
    );
    await screen.findByRole('button', { name: 'Forecast' });
    await pick('Store', HIGH_STREET.name);
    await pick('Period', 'Next 7 days');
    await user.click(forecastButton());
    await screen.findByRole('heading', { name: FORECAST.title });
    expect(sentTo(requests, PREDICT)).toEqual([{ forecastPeriod: '7' }]);
    expect(await bodiesSentTo(requests, PREDICT)).toEqual([{ filter: { storeId: HIGH_STREET.id } }]);
  });

  it('forecasts one product of the chosen store found by the start of its SKU or name', async () => {
    const { requests } = renderReports(
      <ForecastPanel />,
      [
        ...CHOICES,
        searching(() => jsonResponse(200, [OAT_MILK])),
        predicting(() => jsonResponse(200, FORECAST)),
      ],
      { planId: 'SUPREME' },
    );
    await screen.findByRole('button', { name: 'Forecast' });
    expect(screen.getByText(PRODUCT_NEEDS_STORE)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeDisabled();

    await pick('Store', HIGH_STREET.name);
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'oat');
    await user.click(await screen.findByRole('option', { name: /OAT-1/ }));
    // The field shows the SKU; the name under it says which product that is.
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('OAT-1');
    expect(screen.getByText(OAT_MILK.name)).toBeInTheDocument();
    await user.click(forecastButton());
    await screen.findByRole('heading', { name: FORECAST.title });

    // The store's id, not its location's: the server finds the location and checks the business.
    expect(sentTo(requests, PRODUCTS).at(-1)).toEqual({ storeId: HIGH_STREET.id, query: 'oat' });
    expect(await bodiesSentTo(requests, PREDICT)).toEqual([
      { filter: { storeId: HIGH_STREET.id, productId: OAT_MILK.id } },
    ]);
  });

  it('lets an analytics reader without product:read pick a product to forecast', async () => {
    const { requests } = renderReports(
      <ForecastPanel />,
      [
        ...CHOICES,
        searching(() => jsonResponse(200, [OAT_MILK])),
        predicting(() => jsonResponse(200, FORECAST)),
      ],
      { planId: 'SUPREME', roles: ['ROLE_ANALYTICS_READER'] },
    );
    await screen.findByRole('button', { name: 'Forecast' });
    await pick('Store', HIGH_STREET.name);
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeEnabled();
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'OAT');
    await user.click(await screen.findByRole('option', { name: /OAT-1/ }));
    await user.click(forecastButton());
    await screen.findByRole('heading', { name: FORECAST.title });

    expect(sentTo(requests, PRODUCTS).at(-1)).toEqual({ storeId: HIGH_STREET.id, query: 'OAT' });
    expect(await bodiesSentTo(requests, PREDICT)).toEqual([
      { filter: { storeId: HIGH_STREET.id, productId: OAT_MILK.id } },
    ]);
    // The catalogue is never asked: the reader's roles may not read it.
    expect(requests.some((request) => new URL(request.url).pathname.startsWith('/api/products'))).toBe(false);
  });

  it("says 'Failed to search products for analytics' when the search fails without a message", async () => {
    renderReports(<ForecastPanel />, [...CHOICES, searching(() => new Response(null, { status: 500 }))], {
      planId: 'SUPREME',
    });
    await screen.findByRole('button', { name: 'Forecast' });
    await pick('Store', HIGH_STREET.name);
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'oat');
    expect(await screen.findByText(FORECAST_PRODUCTS_MESSAGE)).toBeInTheDocument();
  });

  it('keeps Forecast focused while it works, and sends one forecast at a time', async () => {
    let release: () => void = () => undefined;
    const { requests } = renderReports(
      <ForecastPanel />,
      [
        ...CHOICES,
        predicting(
          () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, FORECAST)))),
        ),
      ],
      { planId: 'SUPREME' },
    );
    (await screen.findByRole('button', { name: 'Forecast' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(FORECAST_WORKING_TEXT);
    // A disabled button would drop the keyboard focus to the top of the page.
    expect(forecastButton()).toHaveFocus();
    expect(forecastButton()).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    release();
    await screen.findByRole('heading', { name: FORECAST.title });
    expect(sentTo(requests, PREDICT)).toHaveLength(1);
  });

  it("falls back to 'Failed to fetch forecast report' when the server says nothing", async () => {
    renderReports(<ForecastPanel />, [...CHOICES, predicting(() => new Response(null, { status: 500 }))], {
      planId: 'SUPREME',
    });
    await user.click(await screen.findByRole('button', { name: 'Forecast' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch forecast report');
  });

  it('shows the locked state and sends nothing on a plan without forecasts', async () => {
    const { requests, store } = renderReports(<ForecastPanel />, CHOICES, { planId: 'ADVANCED' });
    expect(await screen.findByText('Forecasting is not part of your plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forecast' })).not.toBeInTheDocument();
    expect(sentTo(requests, PREDICT)).toEqual([]);
    expect(store.getState().ui.upgradeModalOpen).toBe(false);
  });

  it('locks on the refusal when the role cannot read the plan', async () => {
    const { store } = renderReports(
      <ForecastPanel />,
      [...CHOICES, predicting(() => planRefusal('Forecasts come with Supreme.'))],
      {
        roles: ['ROLE_ANALYTICS_READER'],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Forecast' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Forecasts come with Supreme.');
    await waitFor(() => expect(screen.getByText('Forecasting is not part of your plan')).toBeInTheDocument());
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
  });
});
