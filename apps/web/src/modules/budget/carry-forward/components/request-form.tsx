import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { carryForwardInput } from '@amparo/shared/modules/assignment.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../../shared/lib/notify';
import { currentYear } from '../../shared/years';
import { useRequestCarryForward } from '../api';
import { CarryForwardItemPicker } from './item-picker';
import { MoneyInput } from '../../../../shared/ui/money-input';

type RequestValues = { itemId: string | null; fromYear: string | null; amount: string; reason: string };

/** The body the contract checks: the year as a number. */
const toBody = (v: RequestValues) => ({ ...v, fromYear: v.fromYear ? Number(v.fromYear) : undefined });
const requestSchema = z.preprocess((v) => toBody(v as RequestValues), carryForwardInput);

/** Years a balance may come from: ten back to this one (only a closed year is accepted by the server). */
const fromYears = () => Array.from({ length: 11 }, (_, i) => String(currentYear() - i));

interface Props {
  opened: boolean;
  /** The year the list shows: a request starts from the year before it (or last year). */
  year: number | undefined;
  onClose: () => void;
}

function RequestForm({ year, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation('budget');
  const request = useRequestCarryForward();
  const { form, submitWith } = useZodForm<RequestValues>(requestSchema, {
    itemId: null,
    fromYear: String((year ?? currentYear()) - 1),
    amount: '',
    reason: '',
  });
  const submit = submitWith(async (values) => {
    await request.mutateAsync(carryForwardInput.parse(toBody(values)));
    notifySuccess(t('budget:carryForward.form.requested'));
    onClose();
  });
  const fromYear = form.values.fromYear ? Number(form.values.fromYear) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('budget:carryForward.form.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('budget:carryForward.fields.fromYear')}
            description={t('budget:carryForward.form.fromYearHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={fromYears()}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps('fromYear')}
          />
          <MoneyInput label={t('budget:carryForward.fields.amount')} withAsterisk {...form.getInputProps('amount')} />
        </SimpleGrid>
        <CarryForwardItemPicker
          label={t('budget:carryForward.fields.item')}
          year={fromYear}
          withAsterisk
          {...form.getInputProps('itemId')}
        />
        <Textarea
          label={t('budget:carryForward.fields.reason')}
          autosize
          minRows={2}
          maxLength={500}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('budget:carryForward.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Solicitar arrastre': an item's unspent amount (Q, at most two decimals) of a closed year to the next, with its
 * reason. The server refuses a year not closed, a year outside the agreement and an amount past what is left
 * (how much, beside the amount); another approver decides it.
 */
export function RequestCarryForwardModal({ opened, year, onClose }: Props) {
  const { t } = useTranslation('budget');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('budget:carryForward.form.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened && <RequestForm year={year} onClose={onClose} />}
    </Modal>
  );
}
