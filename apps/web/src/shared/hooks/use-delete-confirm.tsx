import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/server-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface DeleteConfirmOptions<T> {
  remove: (item: T) => Promise<unknown>;
  nameOf: (item: T) => string;
}

/**
 * Asks before deleting and reports the outcome; a 409 `in_use` shows the
 * translated reason. Render `dialog` once; call `ask(item)` from a row.
 */
export function useDeleteConfirm<T>({ remove, nameOf }: DeleteConfirmOptions<T>) {
  const { t } = useTranslation();
  const [item, setItem] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (item === null) return;
    setPending(true);
    try {
      await remove(item);
      notifySuccess(t('common:messages.deleted'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setPending(false);
      setItem(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={item !== null}
      title={t('common:confirm.deleteTitle')}
      message={t('common:confirm.deleteMessage', { name: item === null ? '' : nameOf(item) })}
      loading={pending}
      onConfirm={() => void confirm()}
      onClose={() => setItem(null)}
    />
  );
  return { ask: setItem, dialog };
}
