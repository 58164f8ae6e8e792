import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LoginThrottle } from '../features/auth/login-throttle';

/**
 * What feature routes receive. Features add their own services here as they
 * arrive (engine, embeddings, references, realtime hub), built once in buildApp.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  loginThrottle: LoginThrottle;
  [extra: string]: unknown;
}
