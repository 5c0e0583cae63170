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
    // No `eslint-disable` comments: they are not honoured, and each one is a warning (which
    // `npm run lint` counts as a failure). A rule that is wrong for some code changes here.
    linterOptions: { noInlineConfig: true },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Library code prints nothing but warnings a caller can redirect (an `onWarning` default).
      'no-console': ['error', { allow: ['warn'] }],
      // A `let` read by a closure before its one assignment stays a `let` (a `const` there would
      // be in its temporal dead zone when the closure runs early).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-var': 'error',
      // No explicit `any` where it is avoidable, that is: values, parameters, results and fields
      // take `unknown` or a real type. `any` stays where variance makes `unknown` too narrow:
      // a type argument (`Agent<any>`), a type parameter's default (`TContext = any`), the rest
      // parameters of "any function" (`...args: any[]`), and a parameter of a callback signature
      // that users implement with their own type (`ApprovalPredicate`'s `args`).
      '@typescript-eslint/no-explicit-any': 'off',
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
      // `typeof import('ajv')` types a module loaded lazily without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // A top-level `require('name')` is an import written the old way: use `import`. A
      // require() inside a function loads on first use (core's `lazyModule(() => require('ajv'))`,
      // optional clients) or loads what is known only at run time (compiled test fixtures).
      '@typescript-eslint/no-require-imports': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(Program > VariableDeclaration > VariableDeclarator, Program > ExpressionStatement) > CallExpression[callee.name='require']",
          message: 'Use an import declaration, not a top-level require(); a module loaded on first use is required inside the function that needs it (lazyModule).',
        },
        {
          selector:
            'TSAnyKeyword:not(TSTypeParameterInstantiation > TSAnyKeyword):not(TSTypeParameter > TSAnyKeyword):not(RestElement > TSTypeAnnotation > TSArrayType > TSAnyKeyword)' +
            ':not(TSFunctionType > Identifier > TSTypeAnnotation > TSAnyKeyword):not(TSMethodSignature > Identifier > TSTypeAnnotation > TSAnyKeyword)',
          message:
            'Use `unknown` or a real type. `any` is only for "any instantiation": a type argument (Agent<any>), a type parameter default, `...args: any[]`, or a parameter of a callback signature users implement with their own type.',
        },
      ],
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
