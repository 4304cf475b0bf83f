import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Person } from '@amparo/shared/modules/population.schema';
import { EMPTY, formatDate, formatDateTime } from '../../../../shared/lib/format';
import { CatalogBadges, CatalogText } from '../../shared/components/catalog-text';
import { AdmissionBadge } from '../../shared/components/person-status';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

const orDash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? EMPTY : String(v);

/** 'General data' tab: every field of the person, labels translated, a dash for empty (spec section 9). */
export function PersonGeneral({ person: p }: { person: Person }) {
  const { t, i18n } = useTranslation('population');
  const yesNo = (v: boolean | null) => (v === null ? EMPTY : v ? t('common.yes') : t('common.no'));
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(p.country) ?? p.country;
  const c = (catalog: string, code: string | null) => <CatalogText catalog={catalog} code={code} />;

  return (
    <Stack gap="md">
      {/* The record holds the current period: its departure, when one is recorded (past or planned). */}
      <Section title={t('sections.status')}>
        <Field label={t('fields.status')}>
          <AdmissionBadge person={p} />
        </Field>
        {p.departureDate && (
          <>
            <Field label={t('fields.departureDate')}>{formatDate(p.departureDate)}</Field>
            <Field label={t('fields.departureReason')}>{c('departure_reason_person', p.departureReason)}</Field>
            <Field label={t('fields.departureNote')} wide>
              {orDash(p.departureNote)}
            </Field>
          </>
        )}
      </Section>
      <Section title={t('sections.identity')}>
        <Field label={t('fields.fileCode')}>{p.fileCode}</Field>
        <Field label={t('fields.names')}>{p.names}</Field>
        <Field label={t('fields.lastNames')}>{p.lastNames}</Field>
        <Field label={t('fields.alias')}>{orDash(p.alias)}</Field>
        <Field label={t('fields.birthDate')}>
          {formatDate(p.birthDate)}
          {p.birthDate && p.birthDateEstimated ? (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t('help.estimated')})
            </Text>
          ) : null}
        </Field>
        <Field label={t('fields.age')}>{p.age === null ? EMPTY : t('help.years', { count: p.age })}</Field>
        <Field label={t('fields.ageGroup')}>{c('age_group', p.ageGroup)}</Field>
      </Section>
      <Section title={t('sections.demographics')}>
        <Field label={t('fields.sex')}>{c('sex', p.sex)}</Field>
        <Field label={t('fields.civilStatus')}>{c('civil_status', p.civilStatus)}</Field>
        <Field label={t('fields.sexualOrientation')}>{c('sexual_orientation', p.sexualOrientation)}</Field>
        <Field label={t('fields.nationality')}>{c('nationality', p.nationality)}</Field>
        <Field label={t('fields.ethnicGroup')}>{c('ethnic_group', p.ethnicGroup)}</Field>
        <Field label={t('fields.linguisticCommunity')}>{c('linguistic_community', p.linguisticCommunity)}</Field>
        <Field label={t('fields.academicDegree')}>{c('academic_degree', p.academicDegree)}</Field>
        <Field label={t('fields.knowsRead')}>{yesNo(p.knowsRead)}</Field>
        <Field label={t('fields.knowsWrite')}>{yesNo(p.knowsWrite)}</Field>
        <Field label={t('fields.disability')}>{c('disability', p.disability)}</Field>
        <Field label={t('fields.pregnancy')}>{yesNo(p.pregnancy)}</Field>
      </Section>
      <Section title={t('sections.location')}>
        <Field label={t('fields.country')}>{countryName}</Field>
        <Field label={t('fields.state')}>{orDash(p.stateName ?? p.state)}</Field>
        <Field label={t('fields.town')}>{orDash(p.townName ?? p.town)}</Field>
        <Field label={t('fields.community')}>{orDash(p.community)}</Field>
      </Section>
      <Section title={t('sections.health')}>
        <Field label={t('fields.weightLbs')}>{p.weightLbs ? t('units.lbs', { value: p.weightLbs }) : EMPTY}</Field>
        <Field label={t('fields.heightM')}>{p.heightM ? t('units.m', { value: p.heightM }) : EMPTY}</Field>
        <Field label={t('fields.bloodType')}>{c('blood_type', p.bloodType)}</Field>
        <Field label={t('fields.phones')}>{p.phones.length ? p.phones.join(', ') : EMPTY}</Field>
      </Section>
      <Section title={t('sections.case')}>
        <Field label={t('fields.thematic')}>
          <CatalogBadges catalog="thematic" codes={p.thematic} />
        </Field>
        <Field label={t('fields.bond')}>{c('bond', p.bond)}</Field>
        <Field label={t('fields.perpetrator')}>{c('bond', p.perpetrator)}</Field>
        <Field label={t('fields.admissionDate')}>{formatDate(p.admissionDate)}</Field>
        <Field label={t('fields.referrer')}>{c('referrer', p.referrer)}</Field>
        <Field label={t('fields.court')}>{orDash(p.court)}</Field>
        <Field label={t('fields.headquarterId')}>{orDash(p.headquarterName)}</Field>
        <Field label={t('fields.externalFileNumber')}>{orDash(p.externalFileNumber)}</Field>
        <Field label={t('fields.admissionReason')} wide>
          {orDash(p.admissionReason)}
        </Field>
      </Section>
      <Text size="xs" c="dimmed">
        {t('detail.record_dates', { created: formatDateTime(p.createdAt), updated: formatDateTime(p.updatedAt) })}
      </Text>
    </Stack>
  );
}
