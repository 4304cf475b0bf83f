import { Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { REQUEST_TYPES, type RequestType } from '@amparo/shared/modules/execution.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { PageHeader } from '../../../shared/ui/page-header';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { currentMonth, monthParam, requestYearOptions } from '../lib/month';

/** The sub-form of each type, on the month chosen. */
const FORM_OF = {
  purchase_order: '/execution/requests/add/purchase-order/$month',
  reserve: '/execution/requests/add/reserve/$month',
  petty_cash: '/execution/requests/add/petty-cash/$month',
  travel_expenses: '/execution/requests/add/travel-expenses/$month',
} as const satisfies Record<RequestType, string>;

/** The choice before the form: a type (none chosen yet) and the planned month it draws on. */
const choice = z.object({
  type: z.enum(REQUEST_TYPES, { error: 'required' }),
  year: z.string({ error: 'required' }).regex(/^\d{4}$/, 'invalid'),
  month: z.string({ error: 'required' }).regex(/^([1-9]|1[0-2])$/, 'invalid'),
});
type ChoiceValues = { type: RequestType | null; year: string | null; month: string | null };

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * Ejecución › Solicitudes › new (`/execution/requests/add`; issue 26 section 3): the request's type and its
 * planned month (this month in Guatemala unless chosen otherwise), then that type's form on that month.
 */
export function RequestAddPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const now = currentMonth();
  const { form, submitWith } = useZodForm<ChoiceValues>(choice, {
    type: null,
    year: String(now.year),
    month: String(now.month),
  });
  const submit = submitWith(async (values) => {
    if (!values.type || !values.year || !values.month) return;
    await navigate({
      to: FORM_OF[values.type],
      params: { month: monthParam({ year: Number(values.year), month: Number(values.month) }) },
    });
  });

  return (
    <Stack>
      <PageHeader title={t('execution:addPage.title')} description={t('execution:addPage.intro')} />
      <form onSubmit={submit} noValidate aria-label={t('execution:addPage.title')}>
        <Paper withBorder p="lg">
          <Stack>
            <Radio.Group label={t('execution:addPage.type')} withAsterisk {...form.getInputProps('type')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {REQUEST_TYPES.map((type) => (
                  <Radio.Card key={type} value={type} p="md" radius="md">
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={500}>{t(`execution:types.${type}`)}</Text>
                        <Text size="sm" c="dimmed">
                          {t(`execution:typeHints.${type}`)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={420}>
              <Select
                label={t('execution:fields.year')}
                withAsterisk
                allowDeselect={false}
                data={requestYearOptions().map(String)}
                {...form.getInputProps('year')}
              />
              <Select
                label={t('execution:fields.monthOnly')}
                withAsterisk
                allowDeselect={false}
                data={MONTHS.map((m) => ({ value: String(m), label: t(`execution:months.${m}`) }))}
                {...form.getInputProps('month')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <ButtonLink to="/execution/requests/list" variant="default">
                {t('common:actions.cancel')}
              </ButtonLink>
              <Button type="submit">{t('execution:addPage.continue')}</Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
