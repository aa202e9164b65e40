import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const webApiWall = { group: ['@faktura/api', '**/apps/api/**'], message: 'The web app talks to the API over HTTP only.' };
const up = (levels) => `(\\.\\./){${levels}}`;
const apiWebWall = { group: ['@faktura/web', '**/apps/web/**'], message: 'The API never imports the web app.' };
const apiModuleMessage = "Another API module only through its index.ts (import from '../<module>'): its repository and services are its own.";

/** One block per folder depth of apps/api/src, each refusing a path into another module's folder. */
function apiModuleWalls() {
  const block = (files, regex) => ({
    files,
    ignores: ['apps/api/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [apiWebWall, { regex, message: apiModuleMessage }] }] },
  });
  return [
    block(['apps/api/src/*.ts'], '^\\./modules/[^/]+/'),
    block(['apps/api/src/*/*.ts'], '^\\.\\./modules/[^/]+/'),
    block(['apps/api/src/modules/*/*.ts'], '^\\.\\./[^./][^/]*/'),
    block(['apps/api/src/modules/*/*/*.ts'], '^\\.\\./\\.\\./[^./][^/]*/'),
  ];
}

/**
 * SQL lives in repositories (issue 11, decision 021): outside a `*.repository.ts` file and `db/` (the
 * connections, migrations, seed, audit chain and backups), no file of apps/api/src starts a statement
 * (`db.selectFrom(…)`, `trx.insertInto(…)` …) or takes kysely's `sql` tag; and no file re-exports a
 * repository, so what a module offers others stays its services' verbs.
 */
const sqlMessage = 'SQL lives in a repository (*.repository.ts): call a repository function from here (decision 021).';
const repositoryExportMessage = "A repository stays private to its module: export a service verb instead (decision 021).";
const sqlOutsideRepositories = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: sqlMessage,
  },
  { selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']", message: sqlMessage },
  { selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']", message: sqlMessage },
  { selector: 'ExportNamedDeclaration[source.value=/\\.repository$/], ExportAllDeclaration[source.value=/\\.repository$/]', message: repositoryExportMessage },
];
const apiSqlWalls = [
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/**', 'apps/api/src/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideRepositories] },
  },
  {
    // a module's index.ts: its routes, its services' verbs and its domain types, nothing of its repository
    files: ['apps/api/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...sqlOutsideRepositories,
        {
          selector: 'ImportDeclaration[source.value=/\\.repository$/]',
          message: "A module's index.ts offers its routes, service verbs and domain types, never its repository (decision 021).",
        },
      ],
    },
  },
];

/**
 * The walls between the web's parts (decision 020), as import paths seen from a file `depth` folders
 * below its feature's own folder (features/<name>/…): another feature only through its index.ts
 * (`../invoices`, never `../invoices/list/cells`), and never app/ or main.tsx, which put the features
 * together. components/ and lib/ know no feature and no app/; app/ and test/ take a feature through
 * its index.ts too. Test files are held to the same walls: their helpers live in src/test/.
 */
const featureWalls = [0, 1, 2, 3].map((depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          webApiWall,
          {
            regex: `^${up(depth + 1)}[^./][^/]*/`,
            message: "Another feature is used only through its index.ts (import from '../<feature>'); add what you need to its exports.",
          },
          {
            regex: `^${up(depth + 2)}(app|main)(/|\\.|$)`,
            message: 'Features never import app/: what they need belongs in components/ or lib/.',
          },
          {
            regex: '(^|/)features/[^/]+/',
            message: "Another feature is used only through its index.ts (import from '../<feature>').",
          },
        ],
      },
    ],
  },
}));

const sharedWalls = {
  files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          webApiWall,
          { regex: '^(\\.\\./)+(app|features|main)(/|\\.|$)', message: 'components/ and lib/ serve every feature: they import no feature and nothing of app/.' },
        ],
      },
    ],
  },
};

const compositionWalls = {
  files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/test/**/*.{ts,tsx}', 'apps/web/src/main.tsx', 'apps/web/src/boot.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          webApiWall,
          { regex: '(^|/)features/[^/]+/', message: "A feature is used only through its index.ts (import from '../features/<feature>')." },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['apps/api/build.mjs', 'apps/web/build.mjs', 'apps/web/postcss.config.cjs', 'apps/api/test/clockShift.mjs', 'apps/api/test/clockPreload.mjs', 'apps/api/src/modules/validation/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
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
      'no-restricted-imports': ['error', { patterns: [webApiWall] }],
    },
  },
  ...featureWalls,
  sharedWalls,
  compositionWalls,
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
        {
          // apps/web/vite.config.ts (slimmerImports): in the build it is only the lock's class names.
          selector: "ImportDeclaration[source.value='@mantine/core'] > ImportSpecifier[imported.name='RemoveScroll']",
          message: "@mantine/core's RemoveScroll is a stand-in with class names only in the build (apps/web/vite.config.ts); a dialog locks the page's scrolling itself.",
        },
        {
          // apps/web/vite.config.ts (slimmerImports): its ScrollArea is a plain box in the build.
          selector: "JSXMemberExpression[object.name='Table'][property.name='ScrollContainer']",
          message: 'A table scrolls sideways in components/TableScroll.tsx; Table.ScrollContainer has no ScrollArea in the build (apps/web/vite.config.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiWebWall] }],
    },
  },
  {
    // Every journey fails when a screen asked for a text before it came: that check is in the
    // journeys' own `test` (e2e/support.ts), so a spec takes `test` from there.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Take `test` from './support': it fails a journey that shows a text before it was loaded." }] },
      ],
    },
  },
  // The walls between the API's modules (issue 11): another module only through its index.ts
  // (`../address`, never `../address/address.repository`); a module's repository and services are its
  // own. Tests may reach inside a module to test it.
  ...apiModuleWalls(),
  ...apiSqlWalls,
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
