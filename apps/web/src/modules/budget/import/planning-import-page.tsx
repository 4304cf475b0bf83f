import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconTableImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PLANNING_IMPORT_COLUMNS, type PlanningImportPreview } from '@amparo/shared/modules/budget-import.schema';
import { ApiError } from '../../../shared/lib/api';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { ImportFilePanel, ImportTemplatePanel } from '../../../shared/ui/import-panels';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadErrorFile, downloadTemplate, previewImport, useImportPlanning } from './api';

/** A plain decimal as the sheet's cell gives it ('1110', '1110.5'). */
const isDecimal = (v: string | null | undefined) => !!v && /^-?\d+(\.\d+)?$/.test(v.trim());

type Row = PlanningImportPreview['items'][number];
type Lang = 'es' | 'en';

const ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
const PAGE_SIZE = 50;
const HEADERS = new Map(PLANNING_IMPORT_COLUMNS.map((c) => [c.key, c.header]));

/**
 * What the page is doing: sending the file (`percent` of it), then waiting on the server; for the import, once
 * the server writes, `written`: its lines created so far of the total (issue 25 section 7).
 */
interface Busy {
  step: 'preview' | 'import';
  percent: number;
  written?: { done: number; total: number };
}

/** The translated reason a server refused a file or a call. */
function problemText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0];
    if (field) return translateFieldError(t, field);
    return t(`errors:problem.${error.code}`, { defaultValue: t('errors:problem.internal') });
  }
  return t('errors:problem.internal');
}

/**
 * Budget › POA › Import (`/budget/planning/import`, key
 * presupuesto_planificacion; issue 13 section 3): download the template,
 * choose an Excel file (.xlsx or .xls), see every row checked with its errors
 * per cell, download the file back with an error column, and import it (all
 * its lines or none) once no row has an error. The bar follows the upload,
 * then turns indeterminate while the server checks; while the import writes,
 * it follows the lines the server reports created ('Creando líneas: 1,200 de
 * 3,000', a progress stream: issue 25 section 7).
 */
export function PlanningImportPage() {
  const { t, i18n } = useTranslation('budget');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PlanningImportPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<'template' | 'errors' | null>(null);
  const [only, setOnly] = useState<'errors' | 'all'>('errors');
  const [page, setPage] = useState(1);
  const importing = useImportPlanning();
  /** The question asked when the file was imported before (its date and importer), or null. */
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const check = async (chosen: File) => {
    setPreview(null);
    setRefusal(null);
    setPage(1);
    setBusy({ step: 'preview', percent: 0 });
    try {
      const result = await previewImport(chosen, (percent) => setBusy({ step: 'preview', percent }));
      setPreview(result);
      setOnly(result.invalid > 0 ? 'errors' : 'all');
    } catch (error) {
      setRefusal(problemText(error, t));
    } finally {
      setBusy(null);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setCreated(null);
    setPreview(null);
    setRefusal(null);
    if (chosen) void check(chosen);
  };

  const save = async (what: 'template' | 'errors') => {
    setDownloading(what);
    try {
      if (what === 'template') await downloadTemplate(lang);
      else if (file) await downloadErrorFile(file, lang);
    } catch (error) {
      notifyError(problemText(error, t));
    } finally {
      setDownloading(null);
    }
  };

  const runImport = async (confirmDuplicate = false) => {
    if (!file || !preview) return;
    setDuplicate(null);
    setBusy({ step: 'import', percent: 100 });
    try {
      const result = await importing.mutateAsync({
        token: preview.token,
        confirmDuplicate,
        onProgress: ({ done, total }) => setBusy({ step: 'import', percent: 100, written: { done, total } }),
      });
      setCreated(result.created);
      notifySuccess(t('import.created', { count: result.created }));
      setFile(null);
      setPreview(null);
    } catch (error) {
      setBusy(null);
      // The same file was imported before: say when and by whom, and import it again only if confirmed.
      const field = error instanceof ApiError ? error.fieldErrors[0] : undefined;
      if (error instanceof ApiError && error.code === 'import_already_done' && field) {
        setDuplicate(translateFieldError(t, field));
        return;
      }
      notifyError(problemText(error, t));
      // Something changed since the preview (a code deactivated, the token expired …): check the file again.
      await check(file);
    } finally {
      setBusy(null);
    }
  };

  const rows = useMemo(
    () => (preview?.items ?? []).filter((r) => only === 'all' || r.errors.length > 0),
    [preview, only],
  );
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const header = (key: string) => HEADERS.get(key)?.[lang] ?? key;

  const columns: DataColumn<Row>[] = [
    { id: 'line', header: t('import.table.line'), text: (r) => r.line, align: 'right', width: 80 },
    {
      id: 'description',
      header: header('description'),
      text: (r) => r.values.description ?? '',
      truncate: true,
      width: 260,
    },
    { id: 'program', header: header('program'), text: (r) => r.values.program ?? '', width: 140 },
    {
      id: 'total',
      header: header('total'),
      text: (r) => r.values.total ?? '',
      // A figure reads as money ('Q 1,110.00'); anything else is shown as the file has it, beside its error.
      cell: (r) => (isDecimal(r.values.total) ? <Money value={r.values.total} /> : (r.values.total ?? '')),
      align: 'right',
      width: 130,
    },
    {
      id: 'errors',
      header: t('import.table.errors'),
      text: (r) => r.errors.length,
      cell: (r) =>
        r.errors.length === 0 ? (
          <Badge color="teal" variant="light">
            {t('import.table.ok')}
          </Badge>
        ) : (
          <List size="sm" spacing={2} c="var(--mantine-color-error)">
            {r.errors.map((e) => (
              <List.Item key={`${e.field}-${e.code}`}>
                {t('import.table.cellError', { column: header(e.field), error: translateFieldError(t, e) })}
              </List.Item>
            ))}
          </List>
        ),
    },
  ];

  const canImport = !!preview && preview.invalid === 0 && preview.rows > 0 && !busy;

  return (
    <Stack gap="md">
      <PageHeader title={t('import.title')} description={t('import.description')} />

      <ImportTemplatePanel
        title={t('import.template.title')}
        help={t('import.template.help')}
        label={t('import.template.download')}
        loading={downloading === 'template'}
        onDownload={() => void save('template')}
      />

      <ImportFilePanel
        texts={{
          title: t('import.file.title'),
          label: t('import.file.label'),
          hint: t('import.file.hint'),
          placeholder: t('import.file.placeholder'),
          uploading: (percent) => t('import.progress.uploading', { percent }),
          checking: t('import.progress.checking'),
          writingStarts: t('import.progress.creating'),
          writing: (done, total) => t('import.progress.writing', { done, total }),
          progressLabel: t('import.progress.label'),
        }}
        accept={ACCEPT}
        file={file}
        onChoose={choose}
        busy={busy}
      >
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        {created !== null && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="import-done">
            {t('import.created', { count: created })}
          </Alert>
        )}
      </ImportFilePanel>

      {preview && (
        <Paper withBorder p="md" data-testid="import-preview">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('import.preview.title')}
            </Title>
            <Group gap="xs" aria-live="polite">
              <Badge variant="light" color="gray" size="lg">
                {t('import.preview.rows', { count: preview.rows })}
              </Badge>
              <Badge variant="light" color="teal" size="lg">
                {t('import.preview.valid', { count: preview.valid })}
              </Badge>
              <Badge variant="light" color={preview.invalid ? 'red' : 'gray'} size="lg">
                {t('import.preview.invalid', { count: preview.invalid })}
              </Badge>
            </Group>
            <Text size="sm">
              {t('import.preview.total')}{' '}
              <Text span fw={600}>
                <Money value={preview.totals.total} />
              </Text>
            </Text>
            {preview.invalid > 0 ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                <Stack gap="xs">
                  <Text size="sm">{t('import.preview.hasErrors', { count: preview.invalid })}</Text>
                  <Group>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      leftSection={<IconDownload size={14} />}
                      loading={downloading === 'errors'}
                      onClick={() => void save('errors')}
                    >
                      {t('import.preview.downloadErrors')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              preview.rows === 0 && (
                <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                  {t('import.preview.empty')}
                </Alert>
              )
            )}
            <Group justify="space-between" wrap="wrap">
              <SegmentedControl
                value={only}
                onChange={(v) => {
                  setOnly(v as 'errors' | 'all');
                  setPage(1);
                }}
                data={[
                  { value: 'errors', label: t('import.preview.onlyErrors') },
                  { value: 'all', label: t('import.preview.allRows') },
                ]}
              />
              <Button
                leftSection={<IconTableImport size={16} />}
                disabled={!canImport}
                loading={busy?.step === 'import'}
                onClick={() => void runImport()}
              >
                {t('import.submit', { count: preview.valid })}
              </Button>
            </Group>
            <DataTable
              label={t('import.preview.tableLabel')}
              columns={columns}
              rows={shown}
              rowKey={(r) => String(r.line)}
              minWidth={760}
              empty={only === 'errors' ? t('import.preview.noErrors') : t('import.preview.empty')}
            />
            {rows.length > PAGE_SIZE && (
              <Group justify="flex-end">
                <Pagination total={Math.ceil(rows.length / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={duplicate !== null}
        title={t('import.duplicate.title')}
        message={duplicate ?? ''}
        confirmLabel={t('import.duplicate.confirm')}
        loading={busy?.step === 'import'}
        onConfirm={() => void runImport(true)}
        onClose={() => setDuplicate(null)}
      />
    </Stack>
  );
}
