/**
 * The web's zones (webZones in eslint.config.js, architecture.md 'web') hold: ESLint reports an
 * import across a boundary and accepts the imports each zone may make. Each case lints a few lines
 * as if they were a file at `at` (the file need not exist; its imports resolve from its folder).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary rules ESLint reports for `code` placed at `at` (relative to the repository). */
async function boundaryErrors(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('boundaries/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;

describe('web zones', () => {
  it('keep the practice app out of the console (web/src)', async () => {
    expect(
      await boundaryErrors(
        'web/practice/src/app/probe.ts',
        use('getAuth', '../../../src/lib/auth'),
      ),
    ).toEqual([expect.stringContaining("zone 'practice' may not import")]);
  });

  it('keep web/shared free of both apps', async () => {
    expect(
      await boundaryErrors('web/shared/lib/probe.ts', use('getAuth', '../../src/lib/auth')),
    ).toEqual([expect.stringContaining("zone 'shared' may not import")]);
    expect(
      await boundaryErrors(
        'web/shared/lib/probe.ts',
        use('practicePaths', '../../practice/src/app/paths'),
      ),
    ).toEqual([expect.stringContaining("zone 'shared' may not import")]);
  });

  it("let app/ enter a feature through its index.ts only, and a feature's own files", async () => {
    expect(
      await boundaryErrors(
        'web/src/app/routes/probe.ts',
        use('useGroup', '../../features/groups/api/get-group'),
      ),
    ).toEqual([expect.stringContaining('Import the groups feature through its index.ts')]);
    expect(
      await boundaryErrors('web/src/app/routes/probe.ts', use('useGroup', '../../features/groups')),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'web/src/features/groups/components/probe.ts',
        use('useGroup', '../api/get-group'),
      ),
    ).toEqual([]);
  });

  it('keep a feature out of other features and app/', async () => {
    expect(
      await boundaryErrors('web/src/features/groups/probe.ts', use('useAnswer', '../review')),
    ).toEqual([expect.stringContaining("zone 'feature' may not import")]);
    expect(
      await boundaryErrors('web/src/features/groups/probe.ts', use('routes', '../../app/router')),
    ).toEqual([expect.stringContaining("zone 'feature' may not import")]);
  });

  it("keep the console's common code (lib, components, config) out of features", async () => {
    expect(
      await boundaryErrors('web/src/lib/probe.ts', use('useGroup', '../features/groups')),
    ).toEqual([expect.stringContaining("zone 'common' may not import")]);
  });

  it('let both apps import web/shared', async () => {
    expect(
      await boundaryErrors(
        'web/practice/src/app/probe.ts',
        use('api', '../../../shared/lib/api-client'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'web/src/features/groups/probe.ts',
        use('api', '../../../shared/lib/api-client'),
      ),
    ).toEqual([]);
  });
});
