import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthResponse, readyResponse } from '@common/health';
import type { Database } from '../db/client';

/** How long the database may take to answer before the instance reports it down. */
const databaseTimeoutMs = 2000;

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseTimeoutMs);
  });
  const query = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (and /health, where load balancers and monitors look first) for load balancers
 * and monitors: public JSON {status, database, uptime}; 503 when the database does not answer
 * within two seconds. GET /api/ready answers 200 once the app has started (routes registered,
 * engines loaded).
 */
export function registerHealth(app: FastifyInstance, database: Database): void {
  for (const url of ['/api/health', '/health']) {
    app.get(
      url,
      { config: { public: true }, schema: { response: { 200: healthResponse, 503: healthResponse } } },
      async (_request, reply) => {
        const up = await databaseAnswers(database);
        return reply
          .header('Cache-Control', 'no-store')
          .code(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down', uptime: Math.round(process.uptime()) });
      },
    );
  }
  app.get('/api/ready', { config: { public: true }, schema: { response: { 200: readyResponse } } }, async () => ({
    status: 'ready' as const,
  }));
}
