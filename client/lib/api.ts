/**
 * The spec's request helpers (section 7, 8): credentials always included; a
 * non-success response throws "status: body text" (or the status text).
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
    const b = this.body as { message?: unknown } | null;
    return b && typeof b.message === 'string' ? b.message : this.message;
  }
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

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** The default GET helper: fetches the first element of the query key. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include' });
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
