/**
 * The client's one way to the API (the lint forbids `fetch(` outside client/lib): credentials
 * included unless a call says otherwise; a non-success response throws "status: body text" (or
 * the status text) as an ApiError. JSON, a form or nothing goes up; JSON, or the Response itself
 * (downloads: its body, Blob and headers) comes back.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's `message` field when the body is our JSON error, else the generic text. */
  get serverMessage(): string {
    return serverMessageOr(this, this.message);
  }
}

/** The `message` of our JSON error body (`{message, code}`) when it is a non-empty string. */
export function bodyMessage(body: unknown): string | undefined {
  const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** The server's own message when `err` is a failed call whose body carried one, else the fallback. */
export function serverMessageOr<F>(err: unknown, fallback: F): string | F {
  return (err instanceof ApiError ? bodyMessage(err.body) : undefined) ?? fallback;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* plain text body */
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body);
}

export interface ApiOptions {
  /** 'omit' for a call that must not carry the user's cookie (a reader link shows what a student sees). */
  credentials?: RequestCredentials;
}

/** Sends a request and answers the Response as it came, whatever its status (the caller reads `ok`). */
export function apiFetch(method: string, url: string, data?: unknown, options: ApiOptions = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  return fetch(url, {
    method,
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
    credentials: options.credentials ?? 'include',
  });
}

/** Sends a request; a non-success answer throws an ApiError. The Response (a download reads its body or Blob). */
export async function apiRequest(method: string, url: string, data?: unknown, options?: ApiOptions): Promise<Response> {
  const res = await apiFetch(method, url, data, options);
  await throwIfResNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown, options?: ApiOptions): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  return (await res.json()) as T;
}

/** The default GET helper: fetches the first element of the query key. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await apiFetch('GET', String(queryKey[0]));
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** A readable reason from any thrown error, preferring the server's message. */
export function errorMessage(err: unknown, fallback = 'An unknown error occurred'): string {
  if (err instanceof ApiError) return err.serverMessage;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
