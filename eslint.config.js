import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['apps/api/build.mjs', 'apps/web/postcss.config.cjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@faktura/api', '**/apps/api/**'], message: 'The web app talks to the API over HTTP only.' }] }],
    },
  },
  {
    // The wall of the typed route contract: the web builds every API path from the contract's
    // endpoints (lib/api.ts), never from a string of its own. Tests may fake the server by path.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|screen)\\//]',
          message: "Call the API through lib/api.ts with the contract's endpoint (api(endpoints.x.y, …)), not a path string.",
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(api|screen)\\//]',
          message: "Call the API through lib/api.ts with the contract's endpoint (api(endpoints.x.y, …)), not a path string.",
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@faktura/web', '**/apps/web/**'], message: 'The API never imports the web app.' }] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@faktura/api', '@faktura/web', '**/apps/**'], message: 'shared depends on nothing of ours.' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', module: 'writable', require: 'readonly' },
    },
  },
);
