import type { ReactNode } from 'react';
import { Group, Paper, Text, ThemeIcon } from '@mantine/core';

interface StatCardProps {
  label: string;
  /** A count (grouped here) or a figure already formatted (an amount in Q). */
  value: number | string;
  icon: ReactNode;
  color: string;
  testId?: string;
}

export function StatCard({ label, value, icon, color, testId }: StatCardProps) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {typeof value === 'number' ? value.toLocaleString('en-US') : value}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
