// ESLint for the whole monorepo (flat config, typescript-eslint): the rules the code already
// claims to follow in shared/STYLE.md and the project's quality bar. Run by `npm run lint`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    // Generated code and the inputs of tests that compile or serve them as they are.
    '**/test/fixtures/',
    'bench/generated/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'toolwright/all',
    linterOptions: { reportUnusedDisableDirectives: 'error', noInlineConfig: true },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
      'prefer-const': 'error',
      'no-var': 'error',
      // `...args: any[]` is the one spelling of "any function or constructor" that every
      // signature is assignable to; elsewhere `unknown` or a real type.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      // Decorator targets and Nest's metadata APIs are typed `Function` (TypeScript's own
      // ClassDecorator signature is `<TFunction extends Function>`); an alias would only add casts.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    name: 'toolwright/typescript',
    files: ['**/*.ts'],
    languageOptions: {
      // Decorated signatures need their classes as values (emitDecoratorMetadata): the type-import
      // rule leaves files with decorators alone when it knows these flags.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
    },
  },
  {
    name: 'toolwright/node-scripts',
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Programs whose output is the console: command-line tools, benchmarks, examples, tests.
    name: 'toolwright/console-programs',
    files: [
      'scripts/**',
      'bench/**',
      'packages/*/bench/**',
      'packages/*/bin/**',
      'packages/*/test/**',
      'examples/**',
      'test-support/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
