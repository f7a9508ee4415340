// Lint runs inside `npm test`: typescript-eslint's recommended rules, the React hooks rules, and the
// house's import boundaries (see docs/architecture.md), so a wrong import fails the build.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = 'apps/web/src/features';
const serverModules = 'apps/server/src/modules';

// One zone per web feature: it may not reach into any other feature.
const featureZones = subfolders(webFeatures).map((feature) => ({
  target: `${webFeatures}/${feature}`,
  from: [`${root}/${webFeatures}/*/**`],
  except: [`${root}/${webFeatures}/${feature}/**`],
  message:
    'A feature imports only from src/components, src/lib, src/app and @kujiya/shared; compose features in src/app.',
}));

// Test code: the tests and the helpers that only tests import.
const serverTestFiles = ['apps/server/**/*.test.ts', 'apps/server/**/test-helpers.ts', 'apps/server/src/test/**'];
// Every module's test helpers are in its test-helpers.ts (docs/architecture.md, "Conventions").
const testSupport = ['test-helpers.ts'];

// One zone per server module: another module is reached only through its service.ts (test code may
// also use another module's test helpers).
const moduleZones = (forTests) =>
  subfolders(serverModules).map((module) => ({
    target: `${serverModules}/${module}`,
    from: [`${root}/${serverModules}/*/**`],
    except: [
      `${root}/${serverModules}/${module}/**`,
      `${root}/${serverModules}/*/service.ts`,
      ...(forTests ? testSupport.map((file) => `${root}/${serverModules}/*/${file}`) : []),
    ],
    message: forTests
      ? 'Test code uses another module only through its service.ts or its test helpers (test-helpers.ts).'
      : "A module uses another module only through that module's service.ts (never its tables.ts or other files).",
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'screenshots/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads TypeScript files it follows (no-cycle parses the whole import graph).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // An import cycle makes load order decide behaviour and hides a missing layer; break it by moving the shared piece down.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      // Features stay independent so each can change or be removed alone; shared pieces live in components/lib.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'Shared web pieces may not depend on a feature or the app shell.',
            },
            {
              target: 'apps/web/src',
              from: 'apps/server',
              message: 'The web app talks to the server only over HTTP.',
            },
          ],
        },
      ],
      // The contract is one package; a relative path into it would bypass its public index.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/packages/shared/**'], message: 'Import the contract as @kujiya/shared.' }] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: serverTestFiles,
    rules: {
      // Modules meet only at their service's plain types, so a table or internal can change without breaking others.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones(false) }],
    },
  },
  {
    files: serverTestFiles,
    rules: {
      // Tests build their world through services and the owning module's test helpers, not another module's internals.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones(true) }],
    },
  },
  // The few scripts served as they are written (no bundler), in the browser.
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      // The web decides on an error's `code`, never on its text: rewording a message must not break a
      // flow (docs/rules/errors.md). Comparing or searching any `.message` is refused.
      'no-restricted-syntax': [
        'error',
        ...['left', 'right'].map((side) => ({
          selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.type='MemberExpression'][${side}.property.name='message']`,
          message:
            'Decide on the error code (ApiError.code, ErrorCode), not on the message text (docs/rules/errors.md).',
        })),
        {
          selector:
            "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|search|indexOf)$/][callee.object.property.name='message']",
          message:
            'Decide on the error code (ApiError.code, ErrorCode), not on the message text (docs/rules/errors.md).',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(test|exec)$/] > MemberExpression.arguments[property.name='message']",
          message:
            'Decide on the error code (ApiError.code, ErrorCode), not on the message text (docs/rules/errors.md).',
        },
      ],
    },
  },
);
