import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkReferences, headingsOf, slugOf } from '../../scripts/check-references.mjs';

/**
 * scripts/check-references.mjs (docs/testing.md 'References'): each kind of broken reference is
 * reported with its file and line, and references that resolve are not. The bad strings are built
 * from parts so that this file itself passes the check it tests.
 */
describe('check-references', () => {
  let root: string;
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const check = (...files: string[]) =>
    checkReferences(root, files).map(({ file, line, message }) => `${file}:${line}: ${message}`);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'practica-references-'));
    put(
      'docs/decisions.md',
      [
        '# Decisions',
        '## Files',
        'Uploads are checked.',
        '## Review loop',
        '1. **One inbox.** Text.',
        '2. **The keyboard.** Text.',
        '',
        '```',
        '3. not an item: inside a fence',
        '```',
        '### §4 Claims',
        '## Media',
        '3. **Retention.** Text.',
      ].join('\n'),
    );
    put(
      'docs/spec-map.md',
      '# Spec map\n## 000 §2 Screens\n### 000 §2.4 Roles\n## 001 §5 Validation\n',
    );
    put('docs/architecture.md', '# Architecture\n## Errors\n## Video processing (ffmpeg)\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads headings as GitHub anchors with the numbered items under each', () => {
    expect(slugOf('Users, organizations, seats')).toBe('users-organizations-seats');
    expect(slugOf('Insights and administration')).toBe('insights-and-administration');
    const headings = headingsOf('## A\n1. x\n### §2 y\n### Rules\n4. w\n## A\n3. z\n');
    expect([...headings.keys()]).toEqual(['a', '2-y', 'rules', 'a-1']);
    expect([...(headings.get('a') ?? [])]).toEqual(['1', '2', '4']);
    expect([...(headings.get('rules') ?? [])]).toEqual(['4']);
    expect([...(headings.get('a-1') ?? [])]).toEqual(['3']);
  });

  it('passes references that resolve', () => {
    put(
      'server/src/good.ts',
      [
        '// decisions.md#files: keys are made by the server (000 §2.4, §2; 001 §5).',
        '// decisions.md#review-loop §1, §2 and §4; decisions.md#media §3.',
        '// architecture.md, docs/decisions.md, see https://github.com/x/y/' + 'issues/12',
        '/** Tissue 12 is a word, not a citation. */',
        "// architecture.md 'Errors', [the docs](docs/architecture.md), 'Video processing'",
      ].join('\n'),
    );
    put(
      'README.md',
      '[Architecture](docs/architecture.md) [site](https://example.test) [top](#top)\n',
    );
    put('web/shared/config/paths.ts', 'export {};\n');
    put('web/e2e/helpers.ts', "import { paths } from '../shared/config/paths';\n");
    // A path relative to another file than the one it is written in (a lint test's probe).
    put('web/src/test/zones.test.ts', "use('api', '../../../shared/lib/api-client');\n");
    expect(
      check('server/src/good.ts', 'README.md', 'web/e2e/helpers.ts', 'web/src/test/zones.test.ts'),
    ).toEqual([]);
  });

  it('reports each kind of broken reference with its file and line', () => {
    put(
      'server/src/bad.ts',
      [
        '// see ' + 'issue 21 for why',
        '// Iss' + 'ue #3 says so',
        '// decisions.md#nowhere §1',
        '// decisions.md#review-loop §3, §4 and §9',
        '// decisions.md#files §1',
        '// 000 §2.5 and 001 §5, §12',
        '// ../' + 'shared/spec/x.txt, DECI' + 'SIONS.md and DES' + 'IGN.md',
        '// see ../' + 'shared, and ../../' + 'shared/hooks/x',
        '// docs/missing.md and operations.md',
        "// architecture.md 'Error' and [the docs](docs/architecture.md), 'Nowhere'",
      ].join('\n'),
    );
    put('docs/guide.md', 'See [the map](spec-map.md) and [gone](../nowhere.md#x).\n');
    expect(check('server/src/bad.ts', 'docs/guide.md')).toEqual([
      "server/src/bad.ts:1: cites an issue number ('issue 21'): cite docs/decisions.md instead",
      "server/src/bad.ts:2: cites an issue number ('Issue #3'): cite docs/decisions.md instead",
      'server/src/bad.ts:3: cites decisions.md#nowhere: no such heading in docs/decisions.md',
      'server/src/bad.ts:4: cites decisions.md#review-loop §3: no item 3 under that heading',
      'server/src/bad.ts:4: cites decisions.md#review-loop §9: no item 9 under that heading',
      'server/src/bad.ts:5: cites decisions.md#files §1: no item 1 under that heading',
      "server/src/bad.ts:6: cites 000 §2.5: no heading '000 §2.5' in docs/spec-map.md",
      "server/src/bad.ts:6: cites 001 §12: no heading '001 §12' in docs/spec-map.md",
      "server/src/bad.ts:7: names 'DECISIONS.md', outside the checkout: cite docs/ instead",
      "server/src/bad.ts:7: names 'DESIGN.md', outside the checkout: cite docs/ instead",
      "server/src/bad.ts:7: names '../shared', outside the checkout: cite docs/ instead",
      "server/src/bad.ts:8: names '../shared', outside the checkout: cite docs/ instead",
      "server/src/bad.ts:8: names '../../shared', outside the checkout: cite docs/ instead",
      'server/src/bad.ts:9: names docs/missing.md, which does not exist',
      'server/src/bad.ts:9: names operations.md, but docs/operations.md does not exist',
      "server/src/bad.ts:10: names section 'Error' of architecture.md: no such heading in docs/architecture.md",
      "server/src/bad.ts:10: names section 'Nowhere' of architecture.md: no such heading in docs/architecture.md",
      'docs/guide.md:1: links to ../nowhere.md#x, which does not exist',
    ]);
  });

  it('skips binary files and package-lock.json', () => {
    put('package-lock.json', '{"x": "see ' + 'issue 4"}');
    writeFileSync(path.join(root, 'image.bin'), Buffer.from([0, 105, 115, 115, 117, 101, 32, 52]));
    put('picture.png', 'iss' + 'ue 4');
    expect(check('package-lock.json', 'image.bin', 'picture.png')).toEqual([]);
  });
});
