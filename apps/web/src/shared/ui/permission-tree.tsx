import { useMemo, type ReactNode } from 'react';
import { Checkbox, Fieldset, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_KEYS,
  PERMISSION_TREE,
  permissionLabel,
  type PermissionKey,
  type PermissionNode,
} from '@amparo/shared/permissions';
import { nodeState, togglePermission } from '../lib/permission-selection';

interface PermissionTreeProps {
  value: readonly string[];
  onChange: (value: PermissionKey[]) => void;
  legend: string;
  error?: ReactNode;
  /**
   * The keys the editor holds: the others are shown disabled with `lackedReason`
   * and keep their state (issue 9 item 1: nobody grants a key they lack).
   * Omitted: every key is editable.
   */
  held?: ReadonlySet<string>;
  lackedReason?: string;
  /** Set when the whole tree is read-only (one's own account): the reason shown. */
  lockedReason?: string;
}

/**
 * Checkboxes for every key of PERMISSION_TREE, one card per module. Ticking a
 * module ticks its screens, and its box says so; a partly ticked module shows as indeterminate.
 * The server enforces who may grant what; the tree only explains it.
 */
export function PermissionTree({
  value,
  onChange,
  legend,
  error,
  held,
  lackedReason,
  lockedReason,
}: PermissionTreeProps) {
  const selected = useMemo(() => new Set(value), [value]);
  const lacking = useMemo(() => (held ? PERMISSION_KEYS.filter((k) => !held.has(k)) : []), [held]);
  const toggle = (node: PermissionNode, checked: boolean) => {
    const next = new Set(togglePermission(value, node, checked));
    // A key the editor lacks keeps its current state, whatever the module box did.
    for (const key of lacking) {
      if (selected.has(key)) next.add(key);
      else next.delete(key);
    }
    onChange(PERMISSION_KEYS.filter((k) => next.has(k)));
  };
  const disabledReason = (key: string) => lockedReason ?? (held && !held.has(key) ? (lackedReason ?? '') : null);
  return (
    <Fieldset legend={legend}>
      {(lockedReason || (lacking.length > 0 && lackedReason)) && (
        <Text c="dimmed" size="sm" mb="sm">
          {lockedReason ?? lackedReason}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {PERMISSION_TREE.map((module) => (
          <Paper key={module.key} withBorder p="sm">
            <PermissionNodeRow node={module} selected={selected} onToggle={toggle} disabledReason={disabledReason} />
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
  /** Why a key cannot be changed here, or null when it can. */
  disabledReason: (key: string) => string | null;
  depth?: number;
}

function PermissionNodeRow({ node, selected, onToggle, disabledReason, depth = 0 }: RowProps) {
  const { t, i18n } = useTranslation('common');
  const { checked, indeterminate } = nodeState(selected, node);
  const reason = disabledReason(node.key);
  const box = (
    <Checkbox
      label={permissionLabel(node.key as PermissionKey, i18n.language)}
      checked={checked}
      indeterminate={indeterminate}
      disabled={reason !== null}
      // An indeterminate box ticks everything on click, as file managers do.
      onChange={() => onToggle(node, !checked)}
      fw={depth === 0 ? 600 : undefined}
      // A module's box says that it ticks its screens too (issue 24 section 6, item 11).
      description={
        node.children?.length ? t('permissionTree.ticksChildren', { count: node.children.length }) : undefined
      }
      aria-description={reason || undefined}
    />
  );
  return (
    <Stack gap={6} pl={depth ? 'md' : 0}>
      {reason ? (
        <Tooltip label={reason} position="top-start" multiline maw={320}>
          <div>{box}</div>
        </Tooltip>
      ) : (
        box
      )}
      {node.children?.map((child) => (
        <PermissionNodeRow
          key={child.key}
          node={child}
          selected={selected}
          onToggle={onToggle}
          disabledReason={disabledReason}
          depth={depth + 1}
        />
      ))}
    </Stack>
  );
}
