import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

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
  {
    // Architecture rule: a server module reaches another module through its service, never its repository.
    // Sub-modules of one module (population/persons, population/activities, ...) are one owner and may share
    // repositories; across modules only services.
    files: ['apps/server/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?:[^/]+/)?[^/]+\\.repository(\\.ts)?$',
              message: "Use the other module's service, not its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./[^./][^/]*/(?:[^/]+/)?[^/]+\\.repository(\\.ts)?$',
              message: "Use the other module's service, not its repository.",
            },
          ],
        },
      ],
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
