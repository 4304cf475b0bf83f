/**
 * Turns a V8 CPU profile (`node --cpu-prof`, Node's own sampling profiler)
 * into a flame graph as a standalone SVG (stacks grow upwards, width = share
 * of samples, hover shows the frame and its share), and sums self time by
 * package for the report. Used by `npm run bench` (issue 10 item 9).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Frame {
  name: string;
  /** Microseconds in this frame and below. */
  total: number;
  children: Map<string, Frame>;
}

/** A file of the repository (this tree or the baseline's worktree) from `apps/` or `packages/` on. */
const ours = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*?\/((apps|packages)\/)/, '$1');

/** `function file:line`, with node_modules and the repository's folder cut for reading. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = ours(url).replace(/.*node_modules\//, '');
  return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName || '(anonymous)';
}

/** Where a frame's code lives: an npm package, a file of ours, Node itself, or V8 (gc, idle). */
function packageOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  if (!url)
    return node.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : '(native: socket writes, etc.)';
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node (runtime)';
  return ours(url);
}

/**
 * The profile as a tree of merged stacks, and self time per package (share of
 * all samples), counting only samples taken `fromMs` or more after the
 * profile started (to leave out the server's start-up).
 */
export function analyse(path: string, fromMs = 0) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<number, number>();
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = Math.max(0, profile.timeDeltas[i] ?? 0);
    at += dt;
    if (at < fromMs * 1000) return;
    time.set(id, (time.get(id) ?? 0) + dt);
    total += dt;
  });
  const root: Frame = { name: 'all', total: 0, children: new Map() };
  const selfByPackage = new Map<string, number>();
  for (const [id, dt] of time) {
    const node = byId.get(id)!;
    selfByPackage.set(packageOf(node), (selfByPackage.get(packageOf(node)) ?? 0) + dt);
    const stack: ProfileNode[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!);
    stack.reverse();
    let frame = root;
    root.total += dt;
    for (const n of stack.slice(1)) {
      const name = frameName(n);
      let child = frame.children.get(name);
      if (!child) frame.children.set(name, (child = { name, total: 0, children: new Map() }));
      child.total += dt;
      frame = child;
    }
  }
  const packages = [...selfByPackage]
    .map(([name, us]) => ({ name, share: us / total }))
    .sort((a, b) => b.share - a.share);
  return { root, totalMs: total / 1000, packages };
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A warm colour per frame, stable by name (as flame graphs traditionally are). */
function colour(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  if (name.includes('drizzle-orm')) return `rgb(${200 + (h % 40)},${90 + (h % 60)},60)`;
  if (name.includes('apps/server') || name.includes('packages/shared'))
    return `rgb(80,${150 + (h % 60)},${90 + (h % 50)})`;
  return `rgb(${205 + (h % 50)},${110 + (h % 110)},${40 + (h % 50)})`;
}

/** The flame graph of `path` as SVG text: `title` on top, frames below 0.1 % of the width left out. */
export function flameGraphSvg(path: string, title: string, fromMs = 0): string {
  const { root } = analyse(path, fromMs);
  const width = 1200;
  const rowHeight = 16;
  const minShare = 0.001;
  const rects: string[] = [];
  let depthMax = 0;
  const draw = (frame: Frame, x: number, depth: number) => {
    depthMax = Math.max(depthMax, depth);
    const share = frame.total / root.total;
    const w = share * width;
    const label = `${frame.name} (${(share * 100).toFixed(1)} %)`;
    rects.push(
      `<g><title>${escape(label)}</title><rect x="${x.toFixed(2)}" y="{Y${depth}}" width="${w.toFixed(2)}" height="${rowHeight - 1}" fill="${colour(frame.name)}" rx="2"/>` +
        (w > 60
          ? `<text x="${(x + 3).toFixed(2)}" y="{T${depth}}" font-size="11" font-family="monospace" clip-path="none">${escape(frame.name.slice(0, Math.floor(w / 7)))}</text>`
          : '') +
        '</g>',
    );
    let cx = x;
    for (const child of [...frame.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      if (child.total / root.total >= minShare) draw(child, cx, depth + 1);
      cx += (child.total / root.total) * width;
    }
  };
  draw(root, 0, 0);
  const top = 40;
  const height = top + (depthMax + 1) * rowHeight + 10;
  // Depth 0 at the bottom: flames grow upwards.
  const body = rects
    .join('\n')
    .replace(/\{Y(\d+)\}/g, (_, d) => String(height - 10 - (Number(d) + 1) * rowHeight))
    .replace(/\{T(\d+)\}/g, (_, d) => String(height - 10 - (Number(d) + 1) * rowHeight + 12));
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#fdfdf6"/>
<text x="${width / 2}" y="24" font-size="15" font-family="sans-serif" text-anchor="middle">${escape(title)}</text>
${body}
</svg>
`;
}
