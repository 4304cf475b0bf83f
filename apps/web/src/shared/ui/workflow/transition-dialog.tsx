import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/server-errors';
import { offeredLabel } from './offered-label';
import type {
  ExtraValues,
  OfferedTransition,
  SetErrors,
  TransitionInput,
  TransitionOutcome,
  WorkflowTransitionConfig,
} from './types';

interface Props<S, A extends OfferedTransition, R> {
  config: WorkflowTransitionConfig<S, A, R>;
  subject: S;
  transition: A;
  /** Opened after a move straight to the server met a stale version: only the reload is offered. */
  staleAtStart: boolean;
  busy: boolean;
  run: (input: TransitionInput, setErrors: SetErrors) => Promise<TransitionOutcome>;
  onClose: () => void;
}

/**
 * The shared transition dialog (issue 25 section 1): what the move does, who it is done for (a delegation), the
 * earlier stage a return goes back to, the module's own fields, and the reason (required or optional, as the
 * server's table says; required with a return). Missing values are said beside their fields; the server's field
 * errors go there too. A stale version (409) replaces the form with the message and a reload.
 */
export function TransitionDialog<S, A extends OfferedTransition, R>({
  config,
  subject,
  transition,
  staleAtStart,
  busy,
  run,
  onClose,
}: Props<S, A, R>) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const [extra, setExtra] = useState<ExtraValues>(() => config.fields?.initial?.(transition, subject) ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(staleAtStart);
  const [reloading, setReloading] = useState(false);

  const returnStates = transition.returnTo ?? [];
  const returning = returnStates.length > 0;
  const reasonMode = returning ? 'required' : (transition.reason ?? 'none');
  const asksReason = reasonMode !== 'none';
  const withFields = config.fields?.needs(transition) ?? false;
  const label = config.submitLabel?.(transition) ?? config.label(transition.name);
  const to = returnTo ?? (returning ? null : transition.to);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const required = translateFieldError(t, { code: 'required' });
    const text = reason.trim();
    const found: Record<string, string> = {
      ...(withFields ? (config.fields?.validate?.(transition, extra) ?? {}) : {}),
      ...(returning && !returnTo ? { returnTo: required } : {}),
      ...(reasonMode === 'required' && text === '' ? { reason: required } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const values = withFields
      ? Object.fromEntries(Object.entries(extra).filter((e): e is [string, string] => !!e[1]))
      : undefined;
    const outcome = await run(
      {
        ...(asksReason && text !== '' ? { reason: text } : {}),
        ...(returning && returnTo ? { returnTo } : {}),
        ...(values ? { extra: values } : {}),
      },
      setErrors,
    );
    if (outcome === 'stale') setStale(true);
    else if (outcome === 'done' || outcome === 'refused') onClose();
  };

  const reload = async () => {
    setReloading(true);
    try {
      await config.onStale(subject);
    } finally {
      setReloading(false);
    }
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      size={config.size?.(transition) ?? 'md'}
      title={config.title?.(transition, subject) ?? offeredLabel(t, config.label, transition)}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {stale ? (
        <Stack>
          <Alert color="orange" title={t('workflow.staleTitle')} data-testid="workflow-stale">
            {t('errors:problem.stale_transition')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={reloading}>
              {t('actions.cancel')}
            </Button>
            <Button color="orange" loading={reloading} onClick={() => void reload()} data-autofocus>
              {t('workflow.reload')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {config.description ? (
              <Text size="sm" component="div">
                {config.description(transition, subject)}
              </Text>
            ) : (
              to && <Text size="sm">{t('workflow.to', { state: config.stateLabel(to) })}</Text>
            )}
            {transition.actingFor && (
              <Text size="sm" fw={500} data-testid="workflow-acting-for">
                {t('workflow.actingForNote', { name: transition.actingFor.name })}
              </Text>
            )}
            {returning && (
              <Select
                label={t('workflow.returnTo')}
                placeholder={t('workflow.returnToPlaceholder')}
                description={t('workflow.returnToHelp')}
                withAsterisk
                data={returnStates.map((s) => ({ value: s, label: config.stateLabel(s) }))}
                value={returnTo}
                onChange={setReturnTo}
                error={errors.returnTo}
                data-autofocus
              />
            )}
            {withFields &&
              config.fields?.render({
                transition,
                subject,
                values: extra,
                setValue: (name, value) => setExtra((current) => ({ ...current, [name]: value })),
                errors,
              })}
            {asksReason && (
              <Textarea
                label={reasonMode === 'required' ? t('workflow.reason') : t('workflow.reasonOptional')}
                description={config.reasonHint?.(transition)}
                withAsterisk={reasonMode === 'required'}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={config.reasonMaxLength ?? 1000}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.reason}
                data-autofocus={(!returning && !withFields) || undefined}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" color={config.submitColor?.(transition)} loading={busy}>
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
