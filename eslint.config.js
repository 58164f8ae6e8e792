// ESLint flat config: typescript-eslint's recommended rules on every TypeScript file, React hooks and
// jsx-a11y on the client. Formatting is Prettier's job (`npm run format`), so eslint-config-prettier
// turns off every stylistic rule. `npm run lint` runs this after the module boundaries check.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'node_modules/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (positional parameters, destructured-away fields).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Control characters in regular expressions are how text extraction strips them.
      'no-control-regex': 'off',
      // Brackets and slashes escaped inside character classes read more plainly in the text patterns.
      'no-useless-escape': 'off',
      // An empty catch is how optional steps (storage, metadata) say "ignore failure".
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The React Compiler checks: the app does not use the compiler, and what they flag (refs that hold
      // the latest value read during render, callbacks that reschedule themselves, state reset when an
      // input changes) is deliberate and covered by tests. rules-of-hooks and exhaustive-deps stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/globals': 'off',
      // autoFocus is only used on the field of an inline form the user has just opened (add a chapter,
      // rename a section), which is where keyboard and screen reader users expect focus to go.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // The server logs through the request logger or the app's (server/core/logger.ts), so every line has one shape.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // Playwright fixtures must destructure their first argument even when they need nothing from it.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  prettier,
);
