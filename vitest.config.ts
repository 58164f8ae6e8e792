import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The aliases of tsconfig.json `paths`; the client project gets the same ones from vite.config.ts.
const aliases = Object.fromEntries(
  ['common', 'server', 'client'].map((dir) => [`@${dir}`, fileURLToPath(new URL(`./${dir}`, import.meta.url))]),
);

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.support.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          globals: true,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
