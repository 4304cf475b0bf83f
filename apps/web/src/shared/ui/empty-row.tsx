import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 'no records' line of an empty table. */
export function EmptyRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          {t('common:status.empty')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
