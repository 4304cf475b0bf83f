import { useMemo, type ReactNode } from 'react';
import { Checkbox, Fieldset, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_TREE, permissionLabel, type PermissionKey, type PermissionNode } from '@amparo/shared/permissions';
import { nodeState, togglePermission } from '../lib/permission-selection';

interface PermissionTreeProps {
  value: readonly string[];
  onChange: (value: PermissionKey[]) => void;
  legend: string;
  error?: ReactNode;
}

/**
 * Checkboxes for every key of PERMISSION_TREE, one card per module. Ticking a
 * module ticks its screens; a partly ticked module shows as indeterminate.
 */
export function PermissionTree({ value, onChange, legend, error }: PermissionTreeProps) {
  const selected = useMemo(() => new Set(value), [value]);
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {PERMISSION_TREE.map((module) => (
          <Paper key={module.key} withBorder p="sm">
            <PermissionNodeRow node={module} selected={selected} onToggle={(node, checked) => onChange(togglePermission(value, node, checked))} />
          </Paper>
        ))}
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" mt="xs">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}

interface RowProps {
  node: PermissionNode;
  selected: ReadonlySet<string>;
  onToggle: (node: PermissionNode, checked: boolean) => void;
  depth?: number;
}

function PermissionNodeRow({ node, selected, onToggle, depth = 0 }: RowProps) {
  const { i18n } = useTranslation();
  const { checked, indeterminate } = nodeState(selected, node);
  return (
    <Stack gap={6} pl={depth ? 'md' : 0}>
      <Checkbox
        label={permissionLabel(node.key as PermissionKey, i18n.language)}
        checked={checked}
        indeterminate={indeterminate}
        // An indeterminate box ticks everything on click, as file managers do.
        onChange={() => onToggle(node, !checked)}
        fw={depth === 0 ? 600 : undefined}
      />
      {node.children?.map((child) => (
        <PermissionNodeRow key={child.key} node={child} selected={selected} onToggle={onToggle} depth={depth + 1} />
      ))}
    </Stack>
  );
}
