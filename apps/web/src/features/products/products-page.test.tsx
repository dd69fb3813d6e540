import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { ProductsPage } from './products-page';
import { ACME, BAKERY, COFFEE, NORTH, SOUTH, TEA, pageOf } from './test-data';

const BASE_ROUTES: Route[] = [
  { path: '/api/locations/business', answer: () => jsonResponse(200, [NORTH, SOUTH]) },
  { path: `/api/products/location/${NORTH.id}`, answer: () => jsonResponse(200, pageOf([COFFEE, TEA])) },
  { path: `/api/categories/location/${NORTH.id}`, answer: () => jsonResponse(200, [BAKERY]) },
  { path: '/api/suppliers', answer: () => jsonResponse(200, pageOf([ACME], 0, 100)) },
];

/**
 * Puts `text` into an empty field as a paste: typed, every character re-renders the whole form
 * (what the form does with the text is under test here, not the keys).
 */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function renderPage(routes: Route[] = [], options: { roles?: Role[]; entry?: string } = {}) {
  const fake = mockFetch(serveRoutes([...routes, ...BASE_ROUTES]));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/product',
        element: (
          <>
            <ProductsPage />
            <AppToastContainer />
          </>
        ),
      },
      { path: '/dashboard/stores', element: <p>Stores screen</p> },
    ],
    {
      initialEntries: [options.entry ?? '/dashboard/product'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

function table(name: string) {
  return screen.getByRole('table', { name });
}

function rowOf(name: string, tableName = 'Products') {
  const cell = within(table(tableName)).getByText(name);
  return cell.closest('tr')!;
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe(ProductsPage.name, () => {
  describe('the product list', () => {
    it("lists the chosen location's products, a page at a time", async () => {
      const { requests } = renderPage();
      expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument();
      expect(await screen.findByText('Ground coffee 500 g')).toBeInTheDocument();

      const list = requests.find((request) => request.url.includes('/api/products/location/'))!;
      const url = new URL(list.url);
      expect(url.pathname).toBe(`/api/products/location/${NORTH.id}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ page: '0', size: '10', active: 'true' });
      expect(list.headers.get('Authorization')).toMatch(/^Bearer /);

      const coffee = rowOf('Ground coffee 500 g');
      expect(coffee).toHaveTextContent('COF-500');
      expect(coffee).toHaveTextContent('4006381333931');
      expect(within(coffee).getByText('12.50').tagName).toBe('S');
      expect(coffee).toHaveTextContent('10.00');
      expect(coffee).toHaveTextContent('Active');
      const tea = rowOf('Green tea');
      expect(within(tea).queryByText('4.20', { selector: 's' })).toBeNull();
      expect(tea).toHaveTextContent('No barcode');
      expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('North store');
    });

    it('shows the empty state, not an error, when the server has no products at the location', async () => {
      renderPage([
        {
          path: `/api/products/location/${NORTH.id}`,
          answer: () =>
            jsonResponse(404, { code: 'NOT_FOUND', message: 'No products available in this location.' }),
        },
      ]);
      expect(
        await screen.findByText('No products at this location yet. Add your first product.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(within(table('Products')).getByRole('button', { name: 'Add product' })).toBeInTheDocument();
    });

    it('downloads the images with the bearer token, and shows a placeholder when one fails', async () => {
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => undefined }),
      );
      const withImages = [
        { ...COFFEE, imageUrl: 'businesses/b/products/coffee.png' },
        { ...TEA, imageUrl: 'businesses/b/products/missing.png' },
      ];
      const { requests } = renderPage([
        { path: `/api/products/location/${NORTH.id}`, answer: () => jsonResponse(200, pageOf(withImages)) },
        {
          path: '/api/azure-blob/download-image',
          answer: (request) =>
            new URL(request.url).searchParams.get('imageUrl')?.endsWith('coffee.png')
              ? new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })
              : jsonResponse(404, { code: 'NOT_FOUND', message: 'The image was not found.' }),
        },
      ]);
      await screen.findByText('Ground coffee 500 g');
      await waitFor(() =>
        expect(rowOf('Ground coffee 500 g').querySelector('img')).toHaveAttribute('src', 'blob:thumb'),
      );
      await waitFor(() =>
        expect(rowOf('Green tea').querySelector('[title="Image download failed"]')).not.toBeNull(),
      );
      const download = requests.find((request) => request.url.includes('coffee.png'))!;
      expect(download.headers.get('Authorization')).toMatch(/^Bearer /);
      expect(new URL(download.url).searchParams.get('containerName')).toBe('inventory');
    });

    it('shows any other 404 as the error it is', async () => {
      renderPage([
        {
          path: `/api/products/location/${NORTH.id}`,
          answer: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'The location was not found.' }),
        },
      ]);
      expect(await screen.findByText('The location was not found.')).toBeInTheDocument();
    });

    it("shows the server's message, else the fallback, when the list fails", async () => {
      renderPage([{ path: `/api/products/location/${NORTH.id}`, answer: () => jsonResponse(500, {}) }]);
      expect(await screen.findByText('Failed to fetch products by location')).toBeInTheDocument();
    });

    it('asks for discontinued products with the filter', async () => {
      const { requests } = renderPage();
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
      await waitFor(() =>
        expect(requests.some((request) => new URL(request.url).searchParams.get('active') === 'false')).toBe(
          true,
        ),
      );
    });

    it('searches by SKU with the trimmed text', async () => {
      const { requests } = renderPage([
        { path: `/api/products/search/sku/${NORTH.id}`, answer: () => jsonResponse(200, pageOf([TEA])) },
      ]);
      await screen.findByText('Ground coffee 500 g');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), '  TEA ');
      // Between the two answers the list may show its skeleton, or the old rows a moment longer:
      // wait for the search's rows alone.
      await waitFor(() => {
        expect(screen.queryByText('Ground coffee 500 g')).toBeNull();
        expect(screen.getByText('Green tea')).toBeInTheDocument();
      });
      const searches = requests.filter((request) => request.url.includes('/api/products/search/sku/'));
      expect(searches).toHaveLength(1);
      expect(new URL(searches[0]!.url).searchParams.get('query')).toBe('TEA');
    });
  });

  describe('adding a product', () => {
    it('sends the form as multipart fields, with one locationIds per further location', async () => {
      const { requests } = renderPage([
        { method: 'POST', path: '/api/products', answer: () => jsonResponse(201, TEA) },
      ]);
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add product' });
      await fill(within(dialog).getByRole('textbox', { name: 'Name' }), 'Green tea');
      await fill(within(dialog).getByRole('textbox', { name: 'SKU' }), 'TEA-01');
      await fill(within(dialog).getByRole('textbox', { name: 'Price' }), '4.2');
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Bakery' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Supplier' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Acme Foods' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Also at these locations' }));
      await userEvent.click(await screen.findByRole('option', { name: 'South store' }));
      await userEvent.keyboard('{Escape}');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));

      expect(await screen.findByText('Product added')).toBeInTheDocument();
      const create = requests.find((request) => request.method === 'POST')!;
      expect(new URL(create.url).pathname).toBe('/api/products');
      const form = await create.formData();
      expect(form.get('name')).toBe('Green tea');
      expect(form.get('sku')).toBe('TEA-01');
      expect(form.get('price')).toBe('4.20');
      expect(form.get('locationId')).toBe(NORTH.id);
      expect(form.getAll('locationIds')).toEqual([SOUTH.id]);
      expect(form.get('categoryId')).toBe(BAKERY.id);
      expect(form.get('supplierId')).toBe(ACME.id);
      expect(form.has('barcode')).toBe(false);
      expect(form.has('reorderPoint')).toBe(false);
      expect(form.has('image')).toBe(false);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
    });

    it('checks the fields before sending', async () => {
      const { requests } = renderPage();
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add product' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Barcode' }), '12');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
      expect(await within(dialog).findByText('Enter the product name.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter the SKU.')).toBeInTheDocument();
      expect(within(dialog).getByText(/A barcode has 8 to 14 digits/)).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
    });

    it("shows the server's refusal in the dialog", async () => {
      renderPage([
        {
          method: 'POST',
          path: '/api/products',
          answer: () => jsonResponse(500, {}),
        },
      ]);
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add product' });
      await fill(within(dialog).getByRole('textbox', { name: 'Name' }), 'Green tea');
      await fill(within(dialog).getByRole('textbox', { name: 'SKU' }), 'TEA-01');
      await fill(within(dialog).getByRole('textbox', { name: 'Price' }), '4.20');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
      expect(await within(dialog).findByText('Failed to add product!')).toBeInTheDocument();
    });
  });

  describe('deleting a product', () => {
    it('asks first, and sends nothing on Cancel', async () => {
      const { requests } = renderPage();
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Delete Green tea' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
      expect(confirm).toHaveTextContent('Green tea');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    });

    it('deletes on Proceed and reads the list again', async () => {
      let isDeleted = false;
      const { requests } = renderPage([
        {
          method: 'DELETE',
          path: `/api/products/${TEA.id}/location/${NORTH.id}`,
          answer: () => {
            isDeleted = true;
            return new Response(null, { status: 204 });
          },
        },
        {
          path: `/api/products/location/${NORTH.id}`,
          answer: () => jsonResponse(200, pageOf(isDeleted ? [COFFEE] : [COFFEE, TEA])),
        },
      ]);
      await screen.findByText('Green tea');
      await userEvent.click(screen.getByRole('button', { name: 'Delete Green tea' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
      expect(await screen.findByText('Product deleted')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Green tea')).toBeNull());
      expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    });

    it("shows the server's 409 IN_USE message in an error toast", async () => {
      renderPage([
        {
          method: 'DELETE',
          path: `/api/products/${COFFEE.id}/location/${NORTH.id}`,
          answer: () =>
            jsonResponse(409, {
              code: 'IN_USE',
              message: 'Sales and stock movements refer to this product. Discontinue it instead.',
            }),
        },
      ]);
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'Delete Ground coffee 500 g' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
          name: 'Proceed',
        }),
      );
      expect(
        await screen.findByText('Sales and stock movements refer to this product. Discontinue it instead.'),
      ).toBeInTheDocument();
    });
  });

  describe('row actions', () => {
    it('discontinues a product from its menu', async () => {
      const { requests } = renderPage([
        {
          method: 'PATCH',
          path: `/api/products/${TEA.id}/location/${NORTH.id}/discontinue`,
          answer: () => jsonResponse(200, { ...TEA, active: false }),
        },
      ]);
      await screen.findByText('Green tea');
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Green tea' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Discontinue' }));
      expect(await screen.findByText('Product discontinued')).toBeInTheDocument();
      expect(requests.some((request) => request.method === 'PATCH')).toBe(true);
    });

    it('generates a barcode for a product without one', async () => {
      const { requests } = renderPage([
        {
          method: 'POST',
          path: `/api/products/${TEA.id}/generate-barcode`,
          answer: () => jsonResponse(200, { ...TEA, barcode: '2000000000015' }),
        },
      ]);
      await screen.findByText('Green tea');
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Green tea' }));
      expect(screen.queryByRole('menuitem', { name: 'Print label' })).toBeNull();
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Generate barcode' }));
      expect(await screen.findByText('Barcode generated')).toBeInTheDocument();
      expect(
        requests.some((request) => request.url.endsWith(`/api/products/${TEA.id}/generate-barcode`)),
      ).toBe(true);
    });

    it("falls back to the specification's text when barcode generation fails without a message", async () => {
      renderPage([
        {
          method: 'POST',
          path: `/api/products/${TEA.id}/generate-barcode`,
          answer: () => jsonResponse(500, {}),
        },
      ]);
      await screen.findByText('Green tea');
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Green tea' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Generate barcode' }));
      expect(await screen.findByText('Failed to generate barcode!')).toBeInTheDocument();
    });

    it('prints a barcode label with the name, price and barcode', async () => {
      // jsdom has no canvas; jsbarcode measures the digits under the bars with one.
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
        font: '',
        measureText: () => ({ width: 60 }),
      } as unknown as CanvasRenderingContext2D);
      renderPage();
      await screen.findByText('Ground coffee 500 g');
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Ground coffee 500 g' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Print label' }));
      const dialog = await screen.findByRole('dialog', { name: 'Barcode label' });
      const label = within(dialog).getByRole('img', { name: 'Label of Ground coffee 500 g' });
      expect(label).toHaveTextContent('Ground coffee 500 g');
      expect(label).toHaveTextContent('10.00');
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Print' })).toBeEnabled());
      expect(label.querySelector('svg rect')).not.toBeNull();
    });
  });

  describe('permissions', () => {
    it('shows a reader no way to add, edit, delete or discontinue', async () => {
      renderPage([], { roles: ['ROLE_PRODUCT_READER'] });
      await screen.findByText('Green tea');
      expect(screen.queryByRole('button', { name: 'Add product' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit Green tea' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete Green tea' })).toBeNull();
      // Only the label of a product with a barcode is left to a reader.
      expect(screen.queryByRole('button', { name: 'More actions for Green tea' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Ground coffee 500 g' }));
      expect(await screen.findByRole('menuitem', { name: 'Print label' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Discontinue' })).toBeNull();
    });

    it('does not ask a reader to add the first product', async () => {
      renderPage(
        [
          {
            path: `/api/products/location/${NORTH.id}`,
            answer: () =>
              jsonResponse(404, { code: 'NOT_FOUND', message: 'No products available in this location.' }),
          },
        ],
        { roles: ['ROLE_PRODUCT_READER'] },
      );
      expect(await screen.findByText('No products at this location yet.')).toBeInTheDocument();
      expect(screen.queryByText(/Add your first product/)).toBeNull();
    });

    it('lets a contributor add and edit but not delete', async () => {
      renderPage([], { roles: ['ROLE_PRODUCT_CONTRIBUTOR'] });
      await screen.findByText('Green tea');
      expect(screen.getByRole('button', { name: 'Add product' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit Green tea' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete Green tea' })).toBeNull();
    });
  });

  describe('without locations', () => {
    it('leads an owner to add a location first', async () => {
      renderPage([{ path: '/api/locations/business', answer: () => jsonResponse(200, []) }]);
      expect(await screen.findByRole('heading', { name: 'No locations yet' })).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'Add a location first' })[0]).toHaveAttribute(
        'href',
        '/dashboard/stores',
      );
      expect(screen.queryByRole('tab')).toBeNull();
    });
  });

  describe('discounts', () => {
    it('sets a discount with everything in the query string', async () => {
      const { requests } = renderPage(
        [
          {
            method: 'POST',
            path: '/api/discounts/create-or-update',
            answer: () => jsonResponse(200, TEA),
          },
        ],
        { entry: '/dashboard/product?tab=discounts' },
      );
      const dialogButton = await screen.findByRole('button', { name: 'Set discount for Green tea' });
      await userEvent.click(dialogButton);
      const dialog = await screen.findByRole('dialog', { name: 'Set discount' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Percentage' }), '15');
      expect(within(dialog).getByText('Price after the discount: 3.57')).toBeInTheDocument();
      const from = within(dialog).getByLabelText(/Valid from/);
      const to = within(dialog).getByLabelText(/Valid to/);
      await userEvent.clear(from);
      await userEvent.type(from, '2026-03-01T09:00');
      await userEvent.clear(to);
      await userEvent.type(to, '2026-03-31T18:30');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save discount' }));

      expect(await screen.findByText('Discount saved')).toBeInTheDocument();
      const save = requests.find((request) => request.url.includes('/api/discounts/create-or-update'))!;
      expect(save.method).toBe('POST');
      expect(await save.text()).toBe('');
      expect(Object.fromEntries(new URL(save.url).searchParams)).toEqual({
        sku: 'TEA-01',
        locationId: NORTH.id,
        discountPercentage: '15',
        discountValidFrom: new Date('2026-03-01T09:00').toISOString(),
        discountValidTo: new Date('2026-03-31T18:30').toISOString(),
      });
    });

    it('sends an amount as a decimal and refuses an end before the start', async () => {
      const { requests } = renderPage([], { entry: '/dashboard/product?tab=discounts' });
      await userEvent.click(await screen.findByRole('button', { name: 'Set discount for Green tea' }));
      const dialog = await screen.findByRole('dialog', { name: 'Set discount' });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Amount' }));
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount off' }), '1');
      const to = within(dialog).getByLabelText(/Valid to/);
      await userEvent.clear(to);
      await userEvent.type(to, '2000-01-01T00:00');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save discount' }));
      expect(await within(dialog).findByText('The discount must start before it ends.')).toBeInTheDocument();
      expect(requests.some((request) => request.url.includes('/api/discounts/'))).toBe(false);
    });

    it('removes a discount after confirmation', async () => {
      const { requests } = renderPage(
        [
          {
            method: 'DELETE',
            path: '/api/discounts/remove',
            answer: () => new Response(null, { status: 204 }),
          },
        ],
        { entry: '/dashboard/product?tab=discounts' },
      );
      await userEvent.click(
        await screen.findByRole('button', { name: 'Remove discount of Ground coffee 500 g' }),
      );
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
          name: 'Proceed',
        }),
      );
      expect(await screen.findByText('Discount removed')).toBeInTheDocument();
      const remove = requests.find((request) => request.method === 'DELETE')!;
      expect(Object.fromEntries(new URL(remove.url).searchParams)).toEqual({
        productId: COFFEE.id,
        locationId: NORTH.id,
      });
    });

    it("shows the specification's fallback when removing fails without a message", async () => {
      renderPage([{ method: 'DELETE', path: '/api/discounts/remove', answer: () => jsonResponse(500, {}) }], {
        entry: '/dashboard/product?tab=discounts',
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Remove discount of Ground coffee 500 g' }),
      );
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
          name: 'Proceed',
        }),
      );
      expect(await screen.findByText('Failed to remove discount')).toBeInTheDocument();
    });
  });

  describe('categories', () => {
    it("lists the location's categories and adds one", async () => {
      const { requests } = renderPage(
        [{ method: 'POST', path: '/api/categories', answer: () => jsonResponse(201, BAKERY) }],
        { entry: '/dashboard/product?tab=categories' },
      );
      expect(await screen.findByText('Bread and pastries')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add category' });
      await fill(within(dialog).getByRole('textbox', { name: 'Category name' }), ' Drinks ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add category' }));
      expect(await screen.findByText('Category added')).toBeInTheDocument();
      const create = requests.find((request) => request.method === 'POST')!;
      expect(await create.json()).toEqual({
        categoryName: 'Drinks',
        description: null,
        locationId: NORTH.id,
      });
    });

    it('reads the unfiltered list for discontinued categories', async () => {
      const retired = {
        ...BAKERY,
        id: 'x',
        categoryId: 'x',
        categoryName: 'Old stock',
        description: null,
        active: false,
      };
      renderPage(
        [
          {
            path: `/api/categories/location/${NORTH.id}/unfiltered`,
            answer: () => jsonResponse(200, [BAKERY, retired]),
          },
        ],
        { entry: '/dashboard/product?tab=categories' },
      );
      await screen.findByText('Bread and pastries');
      await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
      expect(await screen.findByText('Old stock')).toBeInTheDocument();
      expect(screen.queryByText('Bread and pastries')).toBeNull();
    });

    it('deletes a category after confirmation, with the fallback on failure', async () => {
      renderPage(
        [{ method: 'DELETE', path: `/api/categories/${BAKERY.id}`, answer: () => jsonResponse(500, {}) }],
        { entry: '/dashboard/product?tab=categories' },
      );
      await screen.findByText('Bread and pastries');
      await userEvent.click(screen.getByRole('button', { name: 'Delete Bakery' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
          name: 'Proceed',
        }),
      );
      expect(await screen.findByText('Failed to delete category')).toBeInTheDocument();
    });
  });
});
