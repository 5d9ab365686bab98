/** The sign-in page's return path: only a path of this app, never another site. */
import { describe, expect, it } from 'vitest';
import { practicePaths, safeReturnPath } from './paths';

describe('safeReturnPath', () => {
  it('keeps a path of the app', () => {
    expect(safeReturnPath('/assignments/5/review')).toBe('/assignments/5/review');
    expect(safeReturnPath('/?tab=1')).toBe('/?tab=1');
  });

  it('answers home for nothing, another site or a protocol-relative URL', () => {
    for (const next of [
      null,
      '',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(next)).toBe(practicePaths.home);
    }
  });

  it('builds the sign-in link that returns to a page', () => {
    expect(practicePaths.signInReturningTo('/assignments/5')).toBe(
      '/sign-in?next=%2Fassignments%2F5',
    );
    expect(practicePaths.signInReturningTo('/')).toBe('/sign-in');
  });
});
