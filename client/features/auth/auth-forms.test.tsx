import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast } from '@client/components/ui/toast-store';
import { AuthPage } from '@client/pages/auth-page';
import { json, mockFetch, renderWithApp } from '@client/test/render';

/** A response the test releases by hand, to look at the form while the request is pending. */
function deferred() {
  let release: (res: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const signedOut = () => json({ message: 'Not authenticated', code: 'UNAUTHORIZED' }, 401);

async function openRegisterTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  return screen.findByLabelText('Confirm Password');
}

afterEach(() => act(() => dismissToast()));

describe('login form', () => {
  it('shows the spec messages for a short username and password and sends nothing', async () => {
    const calls = mockFetch({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    await user.type(await screen.findByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it("reads 'Signing in...' and is disabled while pending, then greets the user and leaves /auth", async () => {
    const pending = deferred();
    const calls = mockFetch({ 'GET /api/user': signedOut, 'POST /api/login': () => pending.promise });
    const user = userEvent.setup();
    const { location } = renderWithApp(<AuthPage />, { path: '/auth' });
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    const login = calls.find((c) => c.key === 'POST /api/login');
    expect(JSON.parse(String(login?.init?.body))).toEqual({ username: 'alice', password: 'secret-pass' });

    pending.release(json({ id: 1, username: 'alice' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Login successful');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Welcome back, alice!');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it("shows 'Login failed' with the server's message, and the button comes back", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/login': () => json({ message: 'Invalid username or password', code: 'UNAUTHORIZED' }, 401),
    });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Login failed');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('register form', () => {
  it('shows "Passwords don\'t match" on confirmPassword and sends nothing', async () => {
    const calls = mockFetch({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    const confirm = await openRegisterTab(user);
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(confirm, 'secret-pasS');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('shows the length messages on username and password', async () => {
    mockFetch({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    await openRegisterTab(user);
    await user.type(screen.getByLabelText('Username'), 'a');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it("never sends confirmPassword; reads 'Creating account...' and is disabled while pending", async () => {
    const pending = deferred();
    const calls = mockFetch({ 'GET /api/user': signedOut, 'POST /api/register': () => pending.promise });
    const user = userEvent.setup();
    const { location } = renderWithApp(<AuthPage />, { path: '/auth' });
    const confirm = await openRegisterTab(user);
    await user.type(screen.getByLabelText('Username'), 'newcomer');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(confirm, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    const register = calls.find((c) => c.key === 'POST /api/register');
    const body = JSON.parse(String(register?.init?.body)) as Record<string, unknown>;
    expect(body).toEqual({ username: 'newcomer', password: 'secret-pass' });
    expect(body).not.toHaveProperty('confirmPassword');

    pending.release(json({ id: 5, username: 'newcomer' }, 201));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Registration successful');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Welcome, newcomer!');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it("shows 'Registration failed' with the server's message for a taken username", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/register': () => json({ message: 'Username already exists', code: 'CONFLICT' }, 409),
    });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    const confirm = await openRegisterTab(user);
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(confirm, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Registration failed');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Username already exists');
  });
});

describe('auth screen', () => {
  it('switches tabs with the links and shows the four feature blurbs', async () => {
    mockFetch({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderWithApp(<AuthPage />, { path: '/auth' });
    for (const blurb of ['Upload Documents', 'Generate Content', 'Create Assessments', 'Publish & Share']) {
      expect(await screen.findByText(blurb)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByLabelText('Confirm Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
  });

  it('sends a signed-in user to /', async () => {
    mockFetch({ 'GET /api/user': () => json({ id: 1, username: 'alice' }) });
    const { location } = renderWithApp(<AuthPage />, { path: '/auth' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
