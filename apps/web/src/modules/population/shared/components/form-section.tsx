import type { ReactNode } from 'react';
import { Fieldset, SimpleGrid, Stack, Title } from '@mantine/core';

/** One titled group of the person form (a fieldset, so screen readers announce the group). */
export function FormSection({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Fieldset
      legend={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
      variant="default"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          {children}
        </SimpleGrid>
        {extra}
      </Stack>
    </Fieldset>
  );
}
