/**
 * A WebSocket that reconnects with exponential backoff (docs/product.md: same host,
 * secure scheme on https). It knows nothing about collaboration messages; the
 * collaboration hook gives it callbacks.
 */
export interface ReconnectingSocketOptions {
  url: string;
  onOpen?: (send: (message: unknown) => void) => void;
  onMessage?: (data: unknown) => void;
  /** Called on every close; `willRetry` says whether another attempt is scheduled. */
  onClose?: (event: { code: number; reason: string; willRetry: boolean }) => void;
  onError?: () => void;
  /** Close codes after which retrying cannot help (refused by the server). */
  fatalCloseCodes?: readonly number[];
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Tests inject a WebSocket implementation; the browser's is the default. */
  WebSocketImpl?: typeof WebSocket;
}

export interface ReconnectingSocket {
  send(message: unknown): boolean;
  /** Closes for good: no more reconnects. */
  close(finalMessage?: unknown): void;
}

export function collaborationSocketUrl(location: { protocol: string; host: string } = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/** Backoff delay before attempt n (0-based): doubling from the initial delay, capped, with jitter so tabs spread out. */
export function backoffDelay(attempt: number, initialDelayMs = 1000, maxDelayMs = 30_000, random: () => number = Math.random): number {
  const base = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(attempt, 20));
  return Math.round(base / 2 + (random() * base) / 2);
}

export function createReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const fatal = new Set(options.fatalCloseCodes ?? []);
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sendRaw = (message: unknown): boolean => {
    if (!socket || socket.readyState !== Impl.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const connect = () => {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new Impl(options.url);
    } catch {
      options.onError?.();
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      options.onOpen?.(sendRaw);
    };
    ws.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return; // Not ours to crash on: a malformed frame is dropped.
      }
      options.onMessage?.(data);
    };
    ws.onerror = () => options.onError?.();
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      const willRetry = !stopped && !fatal.has(event.code);
      options.onClose?.({ code: event.code, reason: event.reason, willRetry });
      if (willRetry) schedule();
    };
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(connect, backoffDelay(attempt++, options.initialDelayMs, options.maxDelayMs));
  };

  connect();

  return {
    send: sendRaw,
    close(finalMessage) {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      if (finalMessage !== undefined) sendRaw(finalMessage);
      const ws = socket;
      socket = null;
      if (ws && (ws.readyState === Impl.OPEN || ws.readyState === Impl.CONNECTING)) ws.close(1000, 'leaving');
    },
  };
}
