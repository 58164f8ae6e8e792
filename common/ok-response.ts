import { z } from 'zod';

/** The answer of a call that only confirms: logout, deletions, revocations. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
export const okAnswer: OkResponse = { ok: true };
