import type { RawData } from 'ws';
import { clientMessage, type ClientMessage } from '@common/realtime';
import { closeReasons, type Connection, type Sender } from './hub-connection';

/**
 * Reads one frame from a client: within its per-second budget (past it the socket is closed),
 * JSON text of at most `maxMessageBytes`, in the shape of `clientMessage`. Anything else is
 * answered with an error naming what is wrong, and undefined is returned.
 */
export function readClientFrame(
  c: Connection,
  data: RawData,
  isBinary: boolean,
  limits: { maxPerSecond: number; maxMessageBytes: number },
  sender: Sender,
): ClientMessage | undefined {
  const t = Date.now();
  if (t - c.windowStart >= 1000) {
    c.windowStart = t;
    c.windowCount = 0;
  }
  if (++c.windowCount > limits.maxPerSecond) {
    sender.refuse(c, 1008, 'RATE_LIMITED', 'Too many messages; reconnect to continue.', closeReasons.tooMany);
    return undefined;
  }
  const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
  if (isBinary) return void sender.sendError(c, 'BAD_MESSAGE', 'Messages must be JSON text.');
  if (size > limits.maxMessageBytes)
    return void sender.sendError(c, 'MESSAGE_TOO_LARGE', 'Message too large; edits are saved through the API.');
  let json: unknown;
  try {
    json = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8'));
  } catch {
    return void sender.sendError(c, 'BAD_MESSAGE', 'Messages must be valid JSON.');
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) {
    // Which field is wrong, so a client's author can fix it: "Invalid message: textbookId: ...".
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return void sender.sendError(c, 'BAD_MESSAGE', `Invalid message: ${where}${issue?.message ?? 'unknown shape'}`);
  }
  return parsed.data;
}
