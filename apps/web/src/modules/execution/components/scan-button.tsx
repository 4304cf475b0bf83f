import { Anchor, Button, FileButton, Group } from '@mantine/core';
import { IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { scanUrl, useAttachScan } from '../api/invoices';

/**
 * A liquidation's scan (issue 27 section 1): 'Ver' opens it inline when there is one; for its liquidator while
 * it can still change, 'Adjuntar' sends a PDF, JPEG or PNG (the server checks it by content). `invoiceId` null:
 * the refund's deposit slip. `label` names the document for screen readers ('la factura A-1').
 */
export function ScanButton({
  requestId,
  invoiceId,
  has,
  writable,
  label,
}: {
  requestId: string;
  invoiceId: string | null;
  has: boolean;
  writable: boolean;
  label: string;
}) {
  const { t } = useTranslation('execution');
  const attach = useAttachScan(requestId);
  const send = async (file: File | null) => {
    if (!file) return;
    try {
      await attach.mutateAsync({ invoiceId, file });
      notifySuccess(t('execution:scans.attached'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      {has && (
        <Anchor
          size="xs"
          href={scanUrl(requestId, invoiceId)}
          target="_blank"
          rel="noopener"
          aria-label={t('execution:scans.openOf', { name: label })}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconExternalLink size={12} aria-hidden />
            {t('execution:scans.open')}
          </Group>
        </Anchor>
      )}
      {writable && (
        <FileButton onChange={(file) => void send(file)} accept="application/pdf,image/jpeg,image/png">
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPaperclip size={12} />}
              loading={attach.isPending}
              aria-label={t('execution:scans.attachOf', { name: label })}
            >
              {t(has ? 'execution:scans.replace' : 'execution:scans.attach')}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
