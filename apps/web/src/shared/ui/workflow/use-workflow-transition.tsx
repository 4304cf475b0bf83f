import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { applyServerErrors } from '../../lib/server-errors';
import { withRestStyles } from '../../styles/load';
import type { TransitionDialog as TransitionDialogOf } from './transition-dialog';
import type {
  OfferedTransition,
  SetErrors,
  TransitionInput,
  TransitionOutcome,
  WorkflowBody,
  WorkflowRunner,
  WorkflowTransitionConfig,
} from './types';

// The dialog (Mantine's Modal, Select, Textarea) loads when a transition asks for it, not with the list or page
// that draws the buttons (issue 24 section 4).
// (`lazy` drops the component's type parameters: they are given back.)
const TransitionDialog = lazy(() =>
  withRestStyles(import('./transition-dialog')).then((module) => ({ default: module.TransitionDialog })),
) as unknown as typeof TransitionDialogOf;

/** 409 `stale_transition`: someone moved or edited the record since the caller loaded it. */
export const isStaleTransition = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'stale_transition';

/** Whether the transition asks anything in the dialog (a reason, a return stage, the module's fields, a confirmation). */
export function asksInDialog<S, A extends OfferedTransition>(
  config: Pick<WorkflowTransitionConfig<S, A>, 'fields' | 'confirm'>,
  a: A,
) {
  return (
    (a.reason ?? 'none') !== 'none' ||
    (a.returnTo?.length ?? 0) > 0 ||
    (config.fields?.needs(a) ?? false) ||
    (config.confirm?.(a) ?? false)
  );
}

interface Pending<S, A> {
  subject: S;
  transition: A;
  /** Opened by a move straight to the server that met a stale version: the dialog only offers the reload. */
  stale: boolean;
  key: number;
}

/**
 * Takes a workflow's transitions for a page (issue 25 section 1): `start(subject, transition)` sends one that asks
 * nothing straight to the server, and opens the shared dialog for one that asks a reason, a return stage, the
 * module's fields or a confirmation. The version sent is the one loaded; a stale one (409 `stale_transition`) says
 * so in the dialog with a reload (`onStale`); any other refusal is a toast (its field errors beside the fields), and
 * a 403 or 404 closes the dialog and calls `onRefused`. `actingFor` is sent when the transition was offered through a
 * delegation.
 */
export function useWorkflowTransition<S, A extends OfferedTransition, R>(
  config: WorkflowTransitionConfig<S, A, R>,
): WorkflowRunner<S, A> {
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<Pending<S, A> | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = useRef(0);

  const run = async (
    subject: S,
    transition: A,
    input: TransitionInput,
    setErrors?: SetErrors,
  ): Promise<TransitionOutcome> => {
    const body: WorkflowBody<A['name']> = {
      transition: transition.name,
      version: config.version(subject),
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.returnTo ? { returnTo: input.returnTo } : {}),
      ...(transition.actingFor ? { actingFor: transition.actingFor.id } : {}),
    };
    setBusy(true);
    try {
      const result = await config.onSubmit(subject, body, input.extra ?? {});
      config.onDone?.(result, transition, subject);
      return 'done';
    } catch (error) {
      if (isStaleTransition(error)) return 'stale';
      notifyError(applyServerErrors(error, t, setErrors));
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        config.onRefused?.(subject);
        return 'refused';
      }
      return 'failed';
    } finally {
      setBusy(false);
    }
  };

  const open = (subject: S, transition: A, stale: boolean) =>
    setPending({ subject, transition, stale, key: ++opened.current });

  const start = (subject: S, transition: A) => {
    if (asksInDialog(config, transition)) open(subject, transition, false);
    else
      void run(subject, transition, {}).then((outcome) => {
        if (outcome === 'stale') open(subject, transition, true);
      });
  };

  const dialog = pending && (
    <Suspense fallback={null}>
      <TransitionDialog
        // A new dialog (empty fields) for every transition asked.
        key={pending.key}
        config={config}
        subject={pending.subject}
        transition={pending.transition}
        staleAtStart={pending.stale}
        busy={busy}
        run={(input, setErrors) => run(pending.subject, pending.transition, input, setErrors)}
        onClose={() => setPending(null)}
      />
    </Suspense>
  );
  return { start, dialog, busy };
}
