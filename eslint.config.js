// Type-aware lint over the TypeScript sources (one tsconfig program: 15% faster than the project service here); formatting is Prettier's job, so only correctness rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Rules that do not fit code walking JSON whose shape is not typed: off where that is the point. */
const untypedJsonReads = {
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/restrict-template-expressions': 'off',
  '@typescript-eslint/no-base-to-string': 'off',
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'idls/**', 'ledger/**', 'src/http/playground/**', 'src/rpc/validators.generated.*', 'src/codec/wasm/**', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test collects what test() and describe() return; awaiting them would serialize the suites.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }] },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Sanitizers strip control characters on purpose (terminal output, manifest cells, upstream snippets).
      'no-control-regex': 'off',
      // `async` is kept where a synchronous throw must become a rejection for the caller.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': [
        'error',
        // Control-flow values thrown on hot paths: no stack to capture, caught within their module.
        { allow: [{ from: 'file', name: ['AttemptFailure', 'NotParsable'] }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The readers of a getTransaction result and what consumes them are still untyped JSON walks; they become one
    // reader typed with @solana/kit's RPC types (issue #17), and this list shrinks to nothing with it.
    files: [
      'src/actions/**/*.ts',
      'src/enhance/accounts.ts',
      'src/enhance/transaction.ts',
    ],
    ignores: ['src/actions/facts.ts'],
    rules: untypedJsonReads,
  },
  {
    // Tests and benches read JSON-RPC answers, whose shape is what they assert: untyped reads are the point there.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { ...untypedJsonReads, '@typescript-eslint/unbound-method': 'off' },
  },
);
