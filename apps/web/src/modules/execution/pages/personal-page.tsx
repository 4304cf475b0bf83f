import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FieldError } from '@amparo/shared/errors';
import type {
  PayrollExecuteInput,
  PayrollPreview,
  PayrollResult,
} from '@amparo/shared/modules/execution-personal.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { ApiError } from '../../../shared/lib/api';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { can } from '../../../shared/lib/session';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ImportFilePanel, ImportTemplatePanel } from '../../../shared/ui/import-panels';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadPayrollErrors, downloadPayrollTemplate, previewPayroll, useExecutePayroll } from '../api/personal';
import { PayrollBudgetDialog } from '../components/payroll-budget-dialog';
import { PayrollPreviewSection, useMonthLabel, type Lang } from '../components/payroll-preview';
import { PayrollUploads } from '../components/payroll-uploads';

const ACCEPT = '.xls,application/vnd.ms-excel';

/**
 * What the page is doing: sending the file (`percent` of it), then waiting on the server; for the execution, once
 * the server writes, `written`: its rows recorded so far of the total.
 */
interface Busy {
  step: 'preview' | 'execute';
  percent: number;
  written?: { done: number; total: number };
}

/** The answers given so far to the server's questions, sent again with the next try. */
type Answers = Pick<PayrollExecuteInput, 'replace' | 'confirmWarning' | 'overrideReason'>;

/** A question the server asked before executing: replace the month's upload, or pass the budget's control. */
type Question =
  | { kind: 'replace'; answers: Answers; error: FieldError | undefined }
  | { kind: 'warning' | 'stop'; answers: Answers; lines: string[] };

/** The translated reason a server refused a file or a call. */
function problemText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0];
    if (field && !field.field.startsWith('lines.')) return translateFieldError(t, field);
    return t(`errors:problem.${error.code}`, { defaultValue: t('errors:problem.internal') });
  }
  return t('errors:problem.internal');
}

/**
 * Ejecución › Ejecución de personal (`/execution/personal`, key ejecucion_personal; issue 27 section 4): the
 * month's payroll from an .xls becomes execution on the plan's lines. Download the template, choose the file (the
 * bar follows the upload, then the server's check), see every row checked with its errors per cell, the month,
 * the total and its sum per planning line, download the file back with an errors column, and execute it (all its
 * rows or none) once no row has an error; the bar then follows the rows the server records. A month executed
 * before is replaced only when confirmed; the budget's warning is confirmed, its stop let through with a reason by
 * a holder of asignacion_liberacion. Below, the uploads executed.
 */
export function PersonalPage() {
  const { t, i18n } = useTranslation('execution');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const navigate = useNavigate();
  const search = useSearch({ from: '/app/execution/personal' });
  const historyPage = Math.max(1, Math.floor(Number(search.page ?? 1)) || 1);
  const user = useCurrentUser();
  const canOverride = can(user, 'asignacion_liberacion');
  const monthLabel = useMonthLabel();
  const executing = useExecutePayroll();

  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PayrollPreview | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; lines: string[] } | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [result, setResult] = useState<(PayrollResult & { month: PayrollPreview['month'] }) | null>(null);
  const [downloading, setDownloading] = useState<'template' | 'errors' | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  const check = async (chosen: File) => {
    setPreview(null);
    setRefusal(null);
    setBusy({ step: 'preview', percent: 0 });
    try {
      setPreview(await previewPayroll(chosen, (percent) => setBusy({ step: 'preview', percent })));
    } catch (error) {
      setRefusal({ text: problemText(error, t), lines: [] });
    } finally {
      setBusy(null);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setPreview(null);
    setRefusal(null);
    if (chosen) void check(chosen);
  };

  const save = async (what: 'template' | 'errors') => {
    setDownloading(what);
    try {
      if (what === 'template') await downloadPayrollTemplate(lang);
      else if (file) await downloadPayrollErrors(file, lang);
    } catch (error) {
      notifyError(problemText(error, t));
    } finally {
      setDownloading(null);
    }
  };

  /** The budget's field errors (`lines.<lineId>`), one sentence a line named as the preview names it. */
  const budgetLines = (error: ApiError) =>
    error.fieldErrors.map((e) => {
      const lineId = /^lines\.(.+)$/.exec(e.field)?.[1];
      const line = preview?.lines.find((l) => l.lineId === lineId);
      const text = translateFieldError(t, e);
      return line ? t('execution:personal.budget.line', { line: line.description, error: text }) : text;
    });

  const execute = async (answers: Answers) => {
    if (!file || !preview) return;
    setQuestion(null);
    setRefusal(null);
    setBusy({ step: 'execute', percent: 100 });
    try {
      const done = await executing.mutateAsync({
        token: preview.token,
        ...answers,
        onProgress: ({ done: n, total }) => setBusy({ step: 'execute', percent: 100, written: { done: n, total } }),
      });
      setResult({ ...done, month: preview.month });
      notifySuccess(t('execution:personal.done', { count: done.written, amount: formatMoney(done.amount) }));
      setFile(null);
      setPreview(null);
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError) {
        // The month was executed before (maybe since the preview): replace it only if confirmed.
        if (error.code === 'payroll_month_done') {
          setQuestion({
            kind: 'replace',
            answers,
            error: error.fieldErrors.find((e) => e.code === 'payroll_month_done'),
          });
          return;
        }
        if (error.code === 'budget_warning' || (error.code === 'budget_stop' && canOverride)) {
          setQuestion({
            kind: error.code === 'budget_warning' ? 'warning' : 'stop',
            answers,
            lines: budgetLines(error),
          });
          return;
        }
        // A stop the user may not let through: say where, keep the preview (nothing changed in the file).
        if (error.code === 'budget_stop') {
          setRefusal({ text: t('errors:problem.budget_stop'), lines: budgetLines(error) });
          return;
        }
      }
      notifyError(problemText(error, t));
      // Something changed since the preview (a collaborator deactivated, the token expired …): check the file again.
      await check(file);
    } finally {
      setBusy(null);
    }
  };

  /** The replace question's sentence, from the refusal's params (the preview's notice when they are missing). */
  const replaceMessage = (error: FieldError | undefined) => {
    const p = error?.params ?? {};
    const existing = preview?.existing;
    const month =
      typeof p.year === 'number' && typeof p.month === 'number'
        ? monthLabel({ year: p.year, month: p.month })
        : monthLabel(preview?.month);
    const message = t('execution:personal.replace.message', {
      month,
      date: formatDate(String(p.date ?? existing?.date ?? '')),
      by: String(p.by ?? existing?.by ?? ''),
      amount: formatMoney(String(p.amount ?? existing?.amount ?? '')),
    });
    const same = p.sameFile ?? existing?.sameFile;
    return same ? `${message} ${t('execution:personal.existing.sameFile')}` : message;
  };

  const canExecute = !!preview && preview.invalid === 0 && preview.rows > 0 && !busy;

  return (
    <Stack gap="md">
      <PageHeader title={t('execution:personal.title')} description={t('execution:personal.description')} />

      <ImportTemplatePanel
        title={t('execution:personal.template.title')}
        help={t('execution:personal.template.help')}
        label={t('execution:personal.template.download')}
        loading={downloading === 'template'}
        onDownload={() => void save('template')}
      />

      <ImportFilePanel
        texts={{
          title: t('execution:personal.file.title'),
          label: t('execution:personal.file.label'),
          hint: t('execution:personal.file.hint'),
          placeholder: t('execution:personal.file.placeholder'),
          uploading: (percent) => t('execution:personal.progress.uploading', { percent }),
          checking: t('execution:personal.progress.checking'),
          writingStarts: t('execution:personal.progress.executing'),
          writing: (done, total) => t('execution:personal.progress.writing', { done, total }),
          progressLabel: t('execution:personal.progress.label'),
        }}
        accept={ACCEPT}
        file={file}
        onChoose={choose}
        busy={busy}
      >
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="payroll-refusal">
            <Text size="sm">{refusal.text}</Text>
            {refusal.lines.length > 0 && (
              <List size="sm" mt="xs">
                {refusal.lines.map((l) => (
                  <List.Item key={l}>{l}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {result && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="payroll-done">
            <Text size="sm">
              {t('execution:personal.result', {
                count: result.written,
                amount: formatMoney(result.amount),
                month: monthLabel(result.month),
              })}
            </Text>
            {result.replacedId && <Text size="sm">{t('execution:personal.replaced')}</Text>}
          </Alert>
        )}
      </ImportFilePanel>

      {preview && (
        <PayrollPreviewSection
          key={preview.token}
          preview={preview}
          lang={lang}
          downloadingErrors={downloading === 'errors'}
          onDownloadErrors={() => void save('errors')}
        >
          <Group>
            <Button
              leftSection={<IconUsers size={16} />}
              disabled={!canExecute}
              loading={busy?.step === 'execute'}
              onClick={() => void execute({ replace: false, confirmWarning: false })}
            >
              {t('execution:personal.submit', { count: preview.valid })}
            </Button>
          </Group>
        </PayrollPreviewSection>
      )}

      <PayrollUploads
        page={historyPage}
        onPage={(page) => void navigate({ to: '/execution/personal', search: { page }, replace: true })}
      />

      <ConfirmDialog
        opened={question?.kind === 'replace'}
        title={t('execution:personal.replace.title')}
        message={question?.kind === 'replace' ? replaceMessage(question.error) : ''}
        confirmLabel={t('execution:personal.replace.confirm')}
        loading={busy?.step === 'execute'}
        onConfirm={() => question && void execute({ ...question.answers, replace: true })}
        onClose={() => setQuestion(null)}
      />
      <PayrollBudgetDialog
        kind={question?.kind === 'warning' || question?.kind === 'stop' ? question.kind : null}
        lines={question && question.kind !== 'replace' ? question.lines : []}
        loading={busy?.step === 'execute'}
        onConfirm={(overrideReason) =>
          question &&
          void execute(
            question.kind === 'stop'
              ? { ...question.answers, overrideReason }
              : { ...question.answers, confirmWarning: true },
          )
        }
        onClose={() => setQuestion(null)}
      />
    </Stack>
  );
}
