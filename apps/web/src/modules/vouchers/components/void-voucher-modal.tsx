import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOUCHER_NUMBER_MAX, voucherVoidInput, type VoucherRange } from '@amparo/shared/modules/vouchers.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { useVoidVoucher } from '../api/mutations';
import { localizeVoucherErrors } from '../lib/voucher-errors';

interface VoidValues {
  number: number | '';
  reason: string;
  [key: string]: unknown;
}

const EMPTY: VoidValues = { number: '', reason: '' };

interface VoidVoucherModalProps {
  range: VoucherRange;
  opened: boolean;
  onClose: () => void;
}

/**
 * Voiding one available number of the range, lost or damaged, with the reason (issue 26 section 2): the number
 * becomes voided and its movement is recorded. A number outside the range, or one reserved, used or voided
 * already, is refused beside the number.
 */
export function VoidVoucherModal({ range, opened, onClose }: VoidVoucherModalProps) {
  const { t } = useTranslation('vouchers');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('vouchers:void.title')}
    >
      {opened && <VoidForm range={range} onDone={onClose} />}
    </Modal>
  );
}

function VoidForm({ range, onDone }: { range: VoucherRange; onDone: () => void }) {
  const { t } = useTranslation('vouchers');
  const voidVoucher = useVoidVoucher(range.id);
  const { form, submitWith } = useZodForm<VoidValues>(voucherVoidInput, EMPTY);
  const submit = submitWith(async (values) => {
    const body = voucherVoidInput.parse(values);
    try {
      await voidVoucher.mutateAsync(body);
    } catch (error) {
      throw localizeVoucherErrors(error, t);
    }
    notifySuccess(t('vouchers:void.done', { number: body.number }));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('vouchers:void.formLabel')}>
      <Stack gap="sm">
        <NumberInput
          label={t('vouchers:void.number')}
          description={t('vouchers:void.numberHint', { start: range.start, end: range.end })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          hideControls
          min={1}
          max={VOUCHER_NUMBER_MAX}
          data-autofocus
          {...form.getInputProps('number')}
        />
        <Textarea
          label={t('vouchers:void.reason')}
          description={t('vouchers:void.reasonHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          autosize
          minRows={2}
          maxLength={300}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={voidVoucher.isPending}>
            {t('vouchers:void.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
