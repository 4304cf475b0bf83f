import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contribute, type Contribution } from './extension-points.ts';
import type { JobOptions, JobType } from './jobs/runner.ts';
import { notificationKindsPoint, type NotificationKindDef } from './notification-kinds.ts';

/**
 * A module's manifest (issue 25 section 4): everything the module adds to the app, in one file
 * (`modules/<name>/module.ts`), so a reader sees a module's reach without reading its routes, and nothing is
 * registered as a side effect of importing a file. `app.ts` assembles the manifests in one list: first every
 * contribution into the app's extension points (`lib/extension-points.ts`), then the jobs, then the routes.
 *
 * The web has its own manifests (`apps/web/src/modules/<name>/module.ts`) with its screens and navigation
 * entries; the two share the module's name.
 */
export interface ServerModule {
  /** The module's folder under `src/modules` (`support`, `budget`). */
  readonly name: string;
  /** Its route plugins, registered in this order under the permission guard (each route declares its key). */
  readonly routes: readonly FastifyPluginAsyncZod[];
  /** What it adds to other modules' extension points (`contribute(point, value)`). */
  readonly contributes?: readonly Contribution[];
  /** Its background jobs (`moduleJob`): defined before the routes, started once the app is ready. */
  readonly jobs?: readonly ModuleJob[];
  /** The kinds of notification it sends (`lib/notification-kinds.ts`); their texts are in the locale files. */
  readonly notifications?: readonly NotificationKindDef[];
}

/** A job a manifest declares: its kind, its queue policy (cron for a schedule) and what it does with the app. */
export interface ModuleJob {
  readonly type: JobType<unknown>;
  readonly options: Omit<JobOptions<unknown>, 'handler'>;
  readonly run: (app: FastifyInstance, data: unknown) => Promise<void>;
}

/** A manifest's job, its data typed by the kind (`moduleJob(scheduled('support.auto-close'), { cron }, run)`). */
export function moduleJob<T>(
  type: JobType<T>,
  options: Omit<JobOptions<T>, 'handler'>,
  run: (app: FastifyInstance, data: T) => Promise<void>,
): ModuleJob {
  return {
    type: type as JobType<unknown>,
    options: options as Omit<JobOptions<unknown>, 'handler'>,
    run: run as ModuleJob['run'],
  };
}

/** A manifest's contributions, its notification kinds among them (what `Extensions` collects). */
export function contributionsOf(module: ServerModule): { name: string; contributes: Contribution[] } {
  return {
    name: module.name,
    contributes: [
      ...(module.contributes ?? []),
      ...(module.notifications ?? []).map((k) => contribute(notificationKindsPoint, k)),
    ],
  };
}

/** A module's manifest, checked for its shape where it is written. */
export const defineModule = (module: ServerModule): ServerModule => module;
