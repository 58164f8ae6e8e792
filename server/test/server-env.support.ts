/**
 * The environment of a server process (server/main.ts or its bundle) that tests, benchmarks and
 * browser tests start: the caller's environment, listening on 127.0.0.1 at `port`, its files in
 * `dataDir`, PGlite (no DATABASE_URL), the offline authoring engine and a log of warnings only.
 * `overrides` replaces any of these (a PostgreSQL URL, a session secret, a louder log).
 */
export function offlineServerEnv(port: number, dataDir: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'offline',
    ...overrides,
  };
}
