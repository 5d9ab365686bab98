import { describe, expect, it } from 'vitest';
import { clearProgress, readProgress, writeProgress } from './practice-progress';

describe('practice progress', () => {
  it('keeps the current question per user and assignment until cleared', () => {
    expect(readProgress(3, 7)).toEqual({ started: false, questionIndex: 0 });
    writeProgress(3, 7, { started: true, questionIndex: 2 });
    expect(readProgress(3, 7)).toEqual({ started: true, questionIndex: 2 });
    expect(readProgress(3, 8)).toEqual({ started: false, questionIndex: 0 });
    expect(readProgress(4, 7)).toEqual({ started: false, questionIndex: 0 });
    clearProgress(3, 7);
    expect(readProgress(3, 7)).toEqual({ started: false, questionIndex: 0 });
  });

  it('ignores a damaged record', () => {
    window.localStorage.setItem('practica.practice.progress.3:7', '{"questionIndex":-4');
    expect(readProgress(3, 7)).toEqual({ started: false, questionIndex: 0 });
  });
});
