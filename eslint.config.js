import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const WEB_MODULES = readdirSync(new URL('./apps/web/src/modules', import.meta.url));
const webModuleZones = WEB_MODULES.map((m) => ({
  target: `apps/web/src/modules/${m}`,
  from: WEB_MODULES.filter((other) => other !== m).map((other) => `apps/web/src/modules/${other}`),
  message: 'A web module never imports another module: move what both need to shared/.',
}));

/**
 * Which server modules each server module may import (issue 10 item 3): a one-way graph, checked for cycles
 * below. A new module adds its own line; an old module never learns of a new one (it reads an extension point in
 * src/lib instead, which the new module's manifest contributes to: decision 0027). Tables (`*.table.ts`) may
 * reference any module's table for foreign keys.
 */
const SERVER_MODULE_DEPS = {
  roles: [],
  users: ['roles'],
  auth: ['users', 'roles'],
  account: ['auth', 'users'],
  catalogs: [],
  headquarters: ['catalogs'],
  population: ['catalogs', 'headquarters', 'users', 'notifications'],
  documentation: ['population', 'catalogs', 'users'],
  // The dashboard's area cards come through `dashboardCardsPoint` (decision 0027): it imports no area module.
  dashboard: ['population', 'catalogs'],
  'security-log': ['users'],
  notifications: ['users'],
  'working-calendar': ['headquarters'],
  budget: ['catalogs', 'headquarters', 'users', 'cooperating', 'notifications'],
  cooperating: [],
  // Providers read the INE geography (department and municipality names and codes).
  providers: ['catalogs'],
  // Vouchers name the headquarter that holds a range; the users table gives movements' actors' names.
  vouchers: ['headquarters'],
  // The collaborator registry (issue 27 section 4) places each collaborator at a headquarter; a DPI names an INE
  // municipality.
  talent: ['headquarters', 'catalogs'],
  // Expense requests commit on the budget, name providers and users, and reserve vouchers; the payroll import
  // (issue 27 section 4) finds its rows' collaborators in talent's registry.
  execution: [
    'budget',
    'providers',
    'users',
    'vouchers',
    'notifications',
    'headquarters',
    'catalogs',
    'working-calendar',
    'talent',
  ],
  permissions: [],
  support: ['catalogs', 'headquarters', 'users', 'notifications', 'working-calendar'],
  settings: [],
  // The inbox across workflows: the workflows come from the modules' manifests (lib/workflow/inbox.ts, workflowsPoint);
  // the delegations name users and notify the delegate.
  workflow: ['users', 'notifications'],
};

/**
 * The map fails closed (issue 25 section 5): a module folder missing from it would be checked against nobody and
 * could import anything (support and permissions were, so the dashboard's imports of support passed unchecked),
 * so lint stops here instead.
 */
const SERVER_MODULE_FOLDERS = readdirSync(new URL('./apps/server/src/modules', import.meta.url));
const unmapped = SERVER_MODULE_FOLDERS.filter((m) => !(m in SERVER_MODULE_DEPS));
if (unmapped.length)
  throw new Error(`eslint.config.js: add ${unmapped.join(', ')} to SERVER_MODULE_DEPS (which modules each may import)`);

/** Throws when the module graph has a cycle, so the map itself cannot drift into one. */
function assertAcyclic(deps) {
  const state = {};
  const visit = (m, path) => {
    if (state[m] === 'done') return;
    if (state[m] === 'open') throw new Error(`SERVER_MODULE_DEPS has a cycle: ${[...path, m].join(' -> ')}`);
    state[m] = 'open';
    for (const d of deps[m] ?? []) visit(d, [...path, m]);
    state[m] = 'done';
  };
  Object.keys(deps).forEach((m) => visit(m, []));
}
assertAcyclic(SERVER_MODULE_DEPS);

const SERVER_MODULES = 'apps/server/src/modules';
const serverModuleZones = [
  ...Object.keys(SERVER_MODULE_DEPS).flatMap((m) =>
    Object.keys(SERVER_MODULE_DEPS)
      .filter((other) => other !== m && !SERVER_MODULE_DEPS[m].includes(other))
      .map((other) => ({
        target: `${SERVER_MODULES}/${m}/**/!(*.table).ts`,
        from: `${SERVER_MODULES}/${other}/**/!(*.table).ts`,
        message: `${m} may not depend on ${other} (SERVER_MODULE_DEPS in eslint.config.js; react to it through an extension point in src/lib).`,
      })),
  ),
  // lib/ is below every module (issue 25 section 5): it imports none, not even a table for a foreign key. What lib
  // needs of a module comes through an extension point (lib/extension-points.ts), a callback or a parameter; a
  // table that belongs to a module lives in it. Its tests may build a scene through modules.
  {
    target: 'apps/server/src/lib/**/!(*.test).ts',
    from: SERVER_MODULES,
    message:
      "lib/ imports no module: take what it needs as a parameter or callback, or declare an extension point (lib/extension-points.ts) that the module contributes to; a module's table lives in the module.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'data/**',
      'e2e/artifacts/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Architecture rule: a server module reaches another module through its service, never its repository; and only
  // repositories and tables speak drizzle (issue 25 section 5), so a service never queries the database itself.
  ...[1, 2].flatMap((depth) => {
    const up = '\\.\\./'.repeat(depth);
    const files = `apps/server/src/modules/${'*/'.repeat(depth)}`;
    const otherRepository = {
      regex: `^${up}[^./][^/]*/(?:[^/]+/)?[^/]+\\.repository(\\.ts)?$`,
      message: "Use the other module's service, not its repository.",
    };
    const drizzle = ['drizzle-orm', 'drizzle-orm/pg-core'].map((name) => ({
      name,
      message: 'Only *.repository.ts and *.table.ts (and db/, lib/) speak drizzle: move the query to the repository.',
    }));
    return [
      {
        files: [`${files}*.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [otherRepository], paths: drizzle }] },
      },
      {
        files: [`${files}*.repository.ts`, `${files}*.table.ts`, `${files}*.test.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [otherRepository] }] },
      },
    ];
  }),
  {
    // Issue 10 item 3: no import cycles on the server (modules depend one way: users <- auth <- account, persons <-
    // documentation, ...). A module that must react to another's data contributes to a registry at start-up instead
    // (lib/catalog-usage.ts, lib/file-gc.ts, lib/person-blockers.ts, lib/user-events.ts).
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }],
    },
  },
  {
    // Issue 10 item 1: services and lib take an Actor and plain inputs, never Fastify's request or reply, so jobs,
    // workflow steps and tests can call them. Routes build the actor (plugins/actor.ts: actorOf, requestActor).
    files: [
      'apps/server/src/modules/**/*.service.ts',
      'apps/server/src/modules/**/*.repository.ts',
      'apps/server/src/lib/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message:
                'Services and lib take an Actor (lib/actor.ts) and plain inputs; routes own the request and reply.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 10 item 3, web: a module never imports another module nor app/; shared/ imports neither. app/ composes
    // them (router, shell). Population's sub-folders (persons, case-file, activities, export, shared) are one module.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webModuleZones,
            {
              target: 'apps/web/src/modules',
              from: 'apps/web/src/app',
              message: 'Modules never import app/ (route guards live in shared/lib/guards.ts).',
            },
            {
              target: 'apps/web/src/shared',
              from: ['apps/web/src/modules', 'apps/web/src/app'],
              message: 'shared/ imports neither modules nor app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'apps/web/scripts/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // Formatting belongs to Prettier (npm run lint runs prettier --check first).
  prettier,
);
