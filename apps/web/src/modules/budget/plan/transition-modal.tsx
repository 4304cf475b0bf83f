import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanYear } from '@amparo/shared/modules/plan.schema';
import { translateFieldError } from '../../../shared/lib/server-errors';

export type AllowedPlanTransition = PlanYear['allowed'][number];

interface Props {
  year: number;
  transition: AllowedPlanTransition;
  loading: boolean;
  onClose: () => void;
  /** Takes the transition with the reason typed (undefined when none); resolves once done or refused. */
  onSubmit: (reason: string | undefined, setError: (error: string) => void) => Promise<void>;
}

/**
 * Confirms a transition of the year's plan: what it does, and the reason, required to return a plan or to open
 * a revision and optional (a comment) to submit or approve it. A missing reason is said beside the field.
 */
export function PlanTransitionModal({ year, transition, loading, onClose, onSubmit }: Props) {
  const { t } = useTranslation('budget');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const required = transition.reason === 'required';
  const asks = transition.reason !== 'none';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (required && text === '') {
      setError(translateFieldError(t, { code: 'required' }));
      return;
    }
    setError(null);
    await onSubmit(asks && text !== '' ? text : undefined, setError);
  };

  return (
    <Modal opened onClose={onClose} centered title={t(`budget:plan.confirm.${transition.name}.title`, { year })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{t(`budget:plan.confirm.${transition.name}.text`, { year })}</Text>
          {asks && (
            <Textarea
              label={required ? t('budget:plan.reason') : t('budget:plan.reasonOptional')}
              withAsterisk={required}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {t(`budget:plan.actions.${transition.name}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
