// `npm start`'s first half (decisions.md#console-flows §18): builds the web app and the server unless the last build
// was made from the same sources (scripts/lib/build-stamp.mjs), so a second start is ready in seconds.
// `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, hashBuildInputs, writeStamp } from './lib/build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hash = hashBuildInputs(root);

if (!process.argv.includes('--force') && buildIsCurrent(root, hash)) {
  console.log('Build is up to date (sources unchanged since the last build); starting.');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeStamp(root, hash);
}
