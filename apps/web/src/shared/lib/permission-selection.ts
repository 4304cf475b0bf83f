import {
  PERMISSION_KEYS,
  PERMISSION_TREE,
  requiredKeys,
  type PermissionKey,
  type PermissionNode,
} from '@amparo/shared/permissions';

/** Every key under `node` (not the node itself). */
function descendantsOf(node: PermissionNode): string[] {
  return (node.children ?? []).flatMap((child) => [child.key, ...descendantsOf(child)]);
}

function indexNodes(nodes: readonly PermissionNode[], out = new Map<string, PermissionNode>()) {
  for (const node of nodes) {
    out.set(node.key, node);
    if (node.children) indexNodes(node.children, out);
  }
  return out;
}

const NODES = indexNodes(PERMISSION_TREE);

/** A node's own key and every key below it. */
function subtreeKeys(node: PermissionNode): string[] {
  return [node.key, ...descendantsOf(node)];
}

/**
 * Ticks or unticks a node. Ticking adds the whole subtree and the ancestors,
 * because a screen key only counts with its module key (`hasPermission`).
 * Unticking removes the subtree, then any ancestor left with nothing ticked below.
 * The result keeps the tree's order so saved lists are stable.
 */
export function togglePermission(value: readonly string[], node: PermissionNode, checked: boolean): PermissionKey[] {
  const set = new Set(value);
  const ancestors = requiredKeys(node.key as PermissionKey).slice(1);
  if (checked) {
    for (const key of [...subtreeKeys(node), ...ancestors]) set.add(key);
  } else {
    for (const key of subtreeKeys(node)) set.delete(key);
    for (const key of ancestors) {
      const ancestor = NODES.get(key);
      if (ancestor && !descendantsOf(ancestor).some((k) => set.has(k))) set.delete(key);
    }
  }
  return PERMISSION_KEYS.filter((key) => set.has(key));
}

/** Checkbox state of a node: all of its subtree ticked, or only part of it. */
export function nodeState(value: ReadonlySet<string>, node: PermissionNode) {
  const keys = subtreeKeys(node);
  const ticked = keys.filter((k) => value.has(k)).length;
  return { checked: ticked === keys.length, indeterminate: ticked > 0 && ticked < keys.length };
}
