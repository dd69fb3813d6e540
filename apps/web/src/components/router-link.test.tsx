import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouterLink } from './router-link';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

const ROUTES = [
  {
    path: '/',
    element: (
      <>
        <Link component={RouterLink} to="/register?plan=basic">
          Create an account
        </Link>
        <Button component={RouterLink} to="/login" replace>
          Sign in
        </Button>
        <Where />
      </>
    ),
  },
  { path: '*', element: <Where /> },
];

describe('RouterLink', () => {
  it('renders a real link with the href of its route, as MUI Link and Button', async () => {
    renderRoutes(ROUTES);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?plan=basic',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('navigates in the router on a plain click', async () => {
    const { router } = renderRoutes(ROUTES);
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('at /register?plan=basic')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when asked to', async () => {
    const { router } = renderRoutes(ROUTES);
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('at /login')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a modified click (new tab) to the browser', async () => {
    renderRoutes(ROUTES);
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }), { ctrlKey: true });
    expect(screen.getByText('at /')).toBeInTheDocument();
  });
});
