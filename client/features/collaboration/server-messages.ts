import { serverMessage, serverMessageTypes, type ServerMessage } from '@common/realtime';

/** Why a /ws message was dropped; the console by default, tests listen. */
export type DroppedMessageLog = (reason: string, raw: unknown) => void;

const warnDropped: DroppedMessageLog = (reason, raw) => console.warn(`collaboration: dropped a message (${reason})`, raw);

/**
 * A /ws message read with the common schema (common/realtime.ts, the one the server sends by).
 * Another type is ignored quietly (docs/product.md, "A textbook"); a known type with a wrong
 * shape is dropped and logged: acting on half a message could empty the collaborator list or
 * replace the book with nothing.
 */
export function readServerMessage(raw: unknown, onDropped: DroppedMessageLog = warnDropped): ServerMessage | null {
  const parsed = serverMessage.safeParse(raw);
  if (parsed.success) return parsed.data;
  const type = (raw as { type?: unknown } | null)?.type;
  if ((serverMessageTypes as readonly unknown[]).includes(type)) {
    const issue = parsed.error.issues[0];
    onDropped(issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'invalid shape', raw);
  }
  return null;
}
