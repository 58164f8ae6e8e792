import { z } from 'zod';

/** GET /api/health: 200 with status 'ok', or 503 with 'unavailable' when the database does not answer. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Seconds since the process started. */
  uptime: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/ready: the app has started (routes registered, engines loaded). */
export const readyResponse = z.object({ status: z.literal('ready') });
