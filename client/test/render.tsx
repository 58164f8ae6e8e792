import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '../app/auth-context';
import { createQueryClient } from '../app/query-client';
import { ThemeProvider } from '../app/theme';
import { Toaster } from '../components/ui/toaster';

/** Renders a component inside the app's providers at a given path. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Router hook={location.hook}>
          <AuthProvider>
            {ui}
            <Toaster />
          </AuthProvider>
        </Router>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

/** A fetch stand-in for client tests: routes by method and path to canned Responses. */
export function mockFetch(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  const calls: Array<{ key: string; init?: RequestInit }> = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    calls.push({ key, init });
    const handler = routes[key];
    if (!handler) return new Response(JSON.stringify({ message: 'not mocked', code: 'NOT_FOUND' }), { status: 404 });
    return handler(init);
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
