import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY, formatDate } from '../../../../shared/lib/format';
import type { Attention } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { formatLocalDateTime } from '../../../../shared/lib/format';
import { PlanningLineText } from '../../shared/components/planning-line-select';
import { yearOfDate } from '../../shared/api/planning-lines';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One attention in full (the table shortens the summary), for everyone who may read the file. */
export function AttentionDetails({ attention: a }: { attention: Attention }) {
  const { t } = useTranslation('population');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
        <Field label={t('attentions.attendedAt')}>{formatLocalDateTime(a.attendedAt)}</Field>
        <Field label={t('attentions.professional')}>{a.professionalName}</Field>
        <Field label={t('attentions.area')}>
          <CatalogText catalog="attention_area" code={a.area} />
        </Field>
        <Field label={t('attentions.modality')}>
          <CatalogText catalog="attention_modality" code={a.modality} />
        </Field>
        <Field label={t('attentions.duration')}>{t('attentions.minutes', { count: a.durationMinutes })}</Field>
        <Field label={t('attentions.nextFollowUp')}>{formatDate(a.nextFollowUp)}</Field>
        <Field label={t('planningLine.label')}>
          <PlanningLineText lineId={a.planningLineId} year={yearOfDate(a.attendedAt)} />
        </Field>
      </SimpleGrid>
      <Field label={t('attentions.summary')}>{a.summary || EMPTY}</Field>
      <Field label={t('attentions.agreements')}>{a.agreements ?? EMPTY}</Field>
    </Stack>
  );
}
