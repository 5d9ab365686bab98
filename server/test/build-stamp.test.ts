import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildIsCurrent,
  buildOutputs,
  hashBuildInputs,
  writeStamp,
} from '../../scripts/lib/build-stamp.mjs';

/** decisions.md#console-flows §18: `npm start` rebuilds only when the build's sources changed. */
describe('build stamp of npm start', () => {
  let root: string;
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'practica-stamp-'));
    put('package.json', '{}');
    put('package-lock.json', '{}');
    put('server/src/main.ts', 'console.log(1);');
    put('web/src/main.tsx', 'export {};');
    put('packages/contract/src/index.ts', 'export {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes with a source, a dependency lock or a new file, not with tests or outputs', () => {
    const first = hashBuildInputs(root);
    expect(hashBuildInputs(root)).toBe(first);

    put('server/test/x.test.ts', 'test');
    put('web/src/a.test.tsx', 'test');
    put('web/dist/index.html', '<html>');
    put('server/node_modules/x/index.js', 'x');
    expect(hashBuildInputs(root)).toBe(first);

    put('web/src/main.tsx', 'export const changed = 1;');
    const second = hashBuildInputs(root);
    expect(second).not.toBe(first);

    put('packages/contract/src/new-file.ts', 'export {};');
    const third = hashBuildInputs(root);
    expect(third).not.toBe(second);

    put('package-lock.json', '{"lockfileVersion":3}');
    expect(hashBuildInputs(root)).not.toBe(third);
  });

  it('counts a build as current only with its stamp and every output', () => {
    const hash = hashBuildInputs(root);
    expect(buildIsCurrent(root, hash)).toBe(false);
    for (const file of buildOutputs) put(file, 'built');
    expect(buildIsCurrent(root, hash)).toBe(false); // built, but no stamp
    writeStamp(root, hash);
    expect(buildIsCurrent(root, hash)).toBe(true);
    expect(buildIsCurrent(root, 'another hash')).toBe(false);
    rmSync(path.join(root, 'web/dist-practice'), { recursive: true });
    expect(buildIsCurrent(root, hash)).toBe(false);
  });
});
