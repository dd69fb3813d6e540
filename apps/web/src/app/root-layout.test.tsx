import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notifySuccess } from '../components/toast';
import { renderRoutes } from '../test/render';
import { RootLayout } from './root-layout';

const ROUTES = [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Page</p> }] }];

afterEach(() => {
  Object.assign(window, { scrollY: 0, pageYOffset: 0 });
});

describe(RootLayout.name, () => {
  it('mounts the toast container with the first toast, and shows that toast', async () => {
    const { container } = renderRoutes(ROUTES);
    await screen.findByText('Page');
    expect(container.ownerDocument.querySelector('.Toastify')).toBeNull();

    act(() => notifySuccess('Saved.'));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('shows the scroll-to-top button once the page is scrolled down', async () => {
    renderRoutes(ROUTES);
    await screen.findByText('Page');
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    act(() => {
      // jsdom does not scroll; MUI's trigger reads pageYOffset, the layout scrollY.
      Object.assign(window, { scrollY: 500, pageYOffset: 500 });
      fireEvent.scroll(window);
    });

    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });
});
