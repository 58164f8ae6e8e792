import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/deps';

/**
 * Feature routes beyond auth. Each feature registers itself here in one line,
 * so the app's surface is readable in one place.
 */
export async function registerFeatures(_app: FastifyInstance, _deps: AppDeps): Promise<void> {
  // features are registered below as they land
}
