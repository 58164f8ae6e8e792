import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { json, mockFetch, renderWithApp } from '../test/render';
import { Router } from './App';
import { ProtectedRoute } from './protected-route';

const signedOut = () => json({ message: 'Not authenticated', code: 'UNAUTHORIZED' }, 401);

function Secret() {
  return <p>the secret page</p>;
}

function Routes() {
  return (
    <Switch>
      <ProtectedRoute path="/secret" component={Secret} />
      <Route path="/auth">the auth page</Route>
    </Switch>
  );
}

describe('protected routes', () => {
  it('show a spinner while the user loads, then the page for a signed-in user', async () => {
    let release: (res: Response) => void = () => {};
    mockFetch({ 'GET /api/user': () => new Promise<Response>((r) => (release = r)) });
    const { location } = renderWithApp(<Routes />, { path: '/secret' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('the secret page')).not.toBeInTheDocument();
    release(json({ id: 1, username: 'alice' }));
    expect(await screen.findByText('the secret page')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/secret');
  });

  it('send a signed-out visitor to /auth', async () => {
    mockFetch({ 'GET /api/user': signedOut });
    const { location } = renderWithApp(<Routes />, { path: '/secret' });
    expect(await screen.findByText('the auth page')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/auth');
    expect(screen.queryByText('the secret page')).not.toBeInTheDocument();
  });

  it.each(['/saved-textbooks', '/classroom', '/textbook/4', '/'])(
    'the app router sends a signed-out visitor from %s to /auth',
    async (path) => {
      mockFetch({ 'GET /api/user': signedOut });
      const { location } = renderWithApp(<Router />, { path });
      await waitFor(() => expect(location.history.at(-1)).toBe('/auth'));
      expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    },
  );
});

describe('not-found card', () => {
  it.each(['/no/such/page', '/pricing', '/terms', '/textbooks'])('shows at %s, signed in or not', async (path) => {
    mockFetch({ 'GET /api/user': signedOut });
    renderWithApp(<Router />, { path });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});
