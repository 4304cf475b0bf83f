import { useState } from 'react';
import { Badge, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { todayInGuatemala } from '@amparo/shared/format';
import { CONSENT_KINDS, consentInput, type ConsentKind } from '@amparo/shared/modules/population-file.schema';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { formatDate, formatDateTime } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useSetConsent } from '../../persons/api/mutations';
import { useConsents, useLinks, usePersonDocuments, type Consent, type Link } from '../../persons/api/queries';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';

/** Badges keep their whole word in narrow cells. */
const NO_SHRINK = { minWidth: 'max-content' } as const;

/**
 * 'Consents' tab: data processing, services and image use, each granted or
 * not, when, by whom (the person or a guardian among the person's linked
 * people) and the signed document when there is one. Each kind is edited on
 * its own (PUT one kind at a time).
 */
export function FileConsents({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const consents = useConsents(personId);
  const [editing, setEditing] = useState<ConsentKind | null>(null);
  const byKind = new Map((consents.data ?? []).map((c) => [c.kind, c]));
  type Row = { kind: ConsentKind; c: Consent | undefined };
  const columns: DataColumn<Row>[] = [
    { id: 'kind', header: t('consents.kind'), text: ({ kind }) => t(`consents.kinds.${kind}`), strong: true },
    {
      id: 'granted',
      header: t('consents.granted'),
      cell: ({ c }) =>
        !c ? (
          <Badge color="gray" variant="light" style={NO_SHRINK}>
            {t('consents.not_recorded')}
          </Badge>
        ) : c.granted ? (
          <Badge color="teal" variant="light">
            {t('common.yes')}
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            {t('common.no')}
          </Badge>
        ),
    },
    { id: 'givenOn', header: t('consents.givenOn'), text: ({ c }) => (c ? formatDate(c.givenOn) : null), width: 110 },
    { id: 'givenBy', header: t('consents.givenBy'), text: ({ c }) => (c ? givenByText(c, t) : null), wrap: true },
    {
      id: 'document',
      header: t('consents.document'),
      text: ({ c }) => c?.documentTitle ?? (c?.documentId ? t('consents.document_restricted') : null),
      wrap: true,
    },
    { id: 'notes', header: t('consents.notes'), text: ({ c }) => c?.notes, wrap: true },
    {
      id: 'updatedAt',
      header: t('consents.updatedAt'),
      text: ({ c }) => (c ? formatDateTime(c.updatedAt) : null),
      width: 150,
    },
  ];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t('consents.help')}
      </Text>
      <QueryStatus query={consents} />
      {consents.data && (
        <DataTable
          bare
          label={t('detail.tab_consents')}
          columns={columns}
          rows={CONSENT_KINDS.map((kind) => ({ kind, c: byKind.get(kind) }))}
          rowKey={(r) => r.kind}
          minWidth={900}
          actionsWidth={canWrite ? 150 : undefined}
          actionsHeader={t('links.actions')}
          actions={
            canWrite
              ? ({ kind, c }) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => setEditing(kind)}
                    aria-label={t('consents.edit_kind', { kind: t(`consents.kinds.${kind}`) })}
                  >
                    {c ? t('actions.edit') : t('consents.record')}
                  </Button>
                )
              : undefined
          }
        />
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('consents.edit_title', { kind: t(`consents.kinds.${editing}`) }) : ''}
        size="lg"
      >
        {editing && (
          <ConsentForm
            key={editing}
            personId={personId}
            kind={editing}
            consent={byKind.get(editing)}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function givenByText(c: Consent, t: (key: string, opts?: Record<string, unknown>) => string): string {
  if (c.givenBy === 'self') return t('consents.by_self');
  return t('consents.by_guardian_name', { name: c.guardianName ?? t('links.restricted') });
}

interface ConsentValues extends Record<string, unknown> {
  kind: ConsentKind;
  granted: boolean;
  givenOn: string | null;
  givenBy: 'self' | 'guardian';
  guardianLinkId: string | null;
  documentId: string | null;
  notes: string;
}

function linkLabel(link: Link, bondLabel: string | null, t: (key: string) => string): string {
  const name = link.otherPersonRestricted
    ? t('links.restricted')
    : `${link.names ?? ''} ${link.lastNames ?? ''}`.trim() || t('links.restricted');
  const parts = [name, bondLabel].filter(Boolean).join(' · ');
  return link.legalGuardian ? `${parts} (${t('links.legalGuardian_short')})` : parts;
}

function ConsentForm({
  personId,
  kind,
  consent,
  onDone,
}: {
  personId: string;
  kind: ConsentKind;
  consent?: Consent;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('population');
  const save = useSetConsent(personId);
  const links = useLinks(personId);
  const bonds = useCatalog('bond');
  const documents = usePersonDocuments(personId);
  const { form, submitWith } = useZodForm<ConsentValues>(consentInput, {
    kind,
    granted: consent?.granted ?? true,
    givenOn: consent?.givenOn ?? todayInGuatemala(),
    givenBy: consent?.givenBy ?? 'self',
    guardianLinkId: consent?.guardianLinkId ?? null,
    documentId: consent?.documentId ?? null,
    notes: consent?.notes ?? '',
  });

  // Guardians: the people recorded on this file (outgoing links); legal guardians first.
  const guardians = (links.data ?? [])
    .filter((l) => l.direction === 'outgoing')
    .sort((a, b) => Number(b.legalGuardian) - Number(a.legalGuardian))
    .map((l) => ({ value: l.id, label: linkLabel(l, bonds.labelOf(l.bond), t) }));
  // null: the user may not see documentation (403): the picker is hidden and the saved document kept.
  const documentOptions = documents.data?.items.map((d) => ({
    value: d.id,
    label: `${d.title} · ${formatDate(d.documentDate)}`,
  }));
  if (documentOptions && consent?.documentId && !documentOptions.some((o) => o.value === consent.documentId)) {
    documentOptions.unshift({
      value: consent.documentId,
      label: consent.documentTitle ?? t('consents.document_restricted'),
    });
  }

  const submit = submitWith(async (values) => {
    const body = consentInput.parse({
      ...values,
      guardianLinkId: values.givenBy === 'guardian' ? values.guardianLinkId : null,
    });
    await save.mutateAsync(body);
    notifySuccess(t('consents.saved'));
    onDone();
  });

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={t('consents.edit_title', { kind: t(`consents.kinds.${kind}`) })}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Radio.Group
              label={t('consents.granted')}
              withAsterisk
              value={form.values.granted ? 'yes' : 'no'}
              onChange={(v) => form.setFieldValue('granted', v === 'yes')}
              error={form.errors.granted}
            >
              <Group mt={6}>
                <Radio value="yes" label={t('common.yes')} />
                <Radio value="no" label={t('common.no')} />
              </Group>
            </Radio.Group>
            <DateInput
              label={t('consents.givenOn')}
              withAsterisk
              valueFormat="YYYY-MM-DD"
              placeholder={t('common.date_placeholder')}
              maxDate={todayInGuatemala()}
              {...form.getInputProps('givenOn')}
            />
          </SimpleGrid>
          <Radio.Group
            label={t('consents.givenBy')}
            withAsterisk
            value={form.values.givenBy}
            onChange={(v) => {
              form.setFieldValue('givenBy', v as ConsentValues['givenBy']);
              // The guardian is asked for only when a guardian gives the consent.
              if (v === 'self') form.clearFieldError('guardianLinkId');
            }}
            error={form.errors.givenBy}
          >
            <Group mt={6}>
              <Radio value="self" label={t('consents.by_self')} />
              <Radio value="guardian" label={t('consents.by_guardian')} />
            </Group>
          </Radio.Group>
          {form.values.givenBy === 'guardian' && (
            <Select
              label={t('consents.guardian')}
              description={
                guardians.length === 0 && !links.isPending ? t('consents.no_guardians') : t('consents.guardian_help')
              }
              withAsterisk
              searchable
              data={guardians}
              placeholder={links.isPending ? t('common.loading') : undefined}
              nothingFoundMessage={t('common.nothing_found')}
              {...form.getInputProps('guardianLinkId')}
            />
          )}
          {documentOptions && (
            <Select
              label={t('consents.document')}
              description={t('consents.document_help')}
              clearable
              searchable
              data={documentOptions}
              nothingFoundMessage={t('common.nothing_found')}
              {...form.getInputProps('documentId')}
            />
          )}
          {documents.isError && (
            <Text size="xs" c="red">
              {applyServerErrors(documents.error, t)}
            </Text>
          )}
          <Textarea
            label={t('consents.notes')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
