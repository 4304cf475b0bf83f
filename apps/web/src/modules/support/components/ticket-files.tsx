import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketFile } from '@amparo/shared/modules/support.schema';
import { EMPTY } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { useTicketChanged } from '../api/mutations';
import { uploadTicketFile } from '../api/upload';
import { formatSize, ticketFileUrl, typeLabel } from '../lib/files';
import { AttachmentInput } from './attachment-input';

/** The ticket's files (open in the browser or download) and, while it is open, a control to attach one more. */
export function TicketFiles({ ticket, closed }: { ticket: Ticket; closed: boolean }) {
  const { t } = useTranslation('support');
  const changed = useTicketChanged();
  const [file, setFile] = useState<File | null>(null);
  const [internal, setInternal] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async () => {
    if (!file) return;
    setPercent(0);
    try {
      await changed(await uploadTicketFile(ticket.id, file, ticket.canManage && internal, setPercent));
      notifySuccess(t('messages.fileAdded'));
      setFile(null);
      setInternal(false);
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setPercent(null);
    }
  };

  const columns: DataColumn<TicketFile>[] = [
    {
      id: 'name',
      header: t('files.name'),
      text: (f) => f.name,
      cell: (f) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {f.name}
          </Text>
          {f.internal && (
            <Badge color="yellow" variant="filled" size="sm" tt="none">
              {t('view.internal')}
            </Badge>
          )}
          {f.hasPreview && (
            <Badge color="gray" variant="light" size="sm" tt="none" title={t('files.reducedHint')}>
              {t('files.reduced')}
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'type', header: t('files.type'), text: (f) => typeLabel(f.mime), width: 70 },
    { id: 'size', header: t('files.size'), text: (f) => formatSize(f.sizeBytes), width: 90 },
    { id: 'uploadedBy', header: t('files.uploadedBy'), text: (f) => f.uploadedByName ?? EMPTY, truncate: true },
    {
      id: 'uploadedAt',
      header: t('files.uploadedAt'),
      cell: (f) => <DateText value={f.uploadedAt} withTime />,
      width: 150,
    },
  ];

  return (
    <Stack gap="md">
      {ticket.files.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('view.noFiles')}
        </Text>
      ) : (
        <DataTable
          bare
          label={t('view.files')}
          columns={columns}
          rows={ticket.files}
          rowKey={(f) => f.id}
          minWidth={720}
          actionsWidth={210}
          actions={(f) => (
            <Group gap="xs" wrap="nowrap">
              <Anchor
                size="sm"
                href={ticketFileUrl(ticket.id, f)}
                target="_blank"
                rel="noopener"
                aria-label={t('files.openNamed', { name: f.name })}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconExternalLink size={14} aria-hidden />
                  {t('actions.open')}
                </Group>
              </Anchor>
              <Anchor
                size="sm"
                href={ticketFileUrl(ticket.id, f, true)}
                download={f.name}
                aria-label={t('files.downloadNamed', { name: f.name })}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconDownload size={14} aria-hidden />
                  {t('actions.download')}
                </Group>
              </Anchor>
            </Group>
          )}
        />
      )}
      {!closed && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: 1, minWidth: 260 }}>
              <AttachmentInput label={t('files.add')} value={file} onChange={setFile} disabled={percent !== null} />
            </div>
            <Button
              onClick={() => void upload()}
              disabled={!file}
              loading={percent !== null}
              leftSection={<IconUpload size={16} />}
            >
              {t('actions.attach')}
            </Button>
          </Group>
          {ticket.canManage && (
            <Checkbox
              label={t('files.internalCheckbox')}
              checked={internal}
              onChange={(e) => setInternal(e.currentTarget.checked)}
            />
          )}
          {percent !== null && <Progress value={percent} animated aria-label={t('files.progressLabel')} />}
        </Stack>
      )}
    </Stack>
  );
}
