// Prints the Node.js that runs the project's scripts and refuses one older than
// the supported LTS line (Node 20 reached end of life on 2026-04-30; see
// docs/decisions/0007-runtime-node-24.md). npm puts node_modules/.bin first on
// every script's PATH, so the pinned `node` devDependency answers here even on
// a machine whose own Node is older.
const [major] = process.versions.node.split('.').map(Number);
console.log(`runtime: node ${process.version} (${process.execPath})`);
if (major < 24) {
  console.error(`Node.js ${process.version} is not supported: run npm ci (it installs Node 24) and use npm scripts.`);
  process.exit(1);
}
