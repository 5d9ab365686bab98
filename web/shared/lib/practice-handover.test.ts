/**
 * The console's hand-over of a trainee's sign-in to the practice app: kept in this tab's session
 * storage only, taken once, signing in only while fresh (the email stays usable after); a
 * registration hands over the email only.
 */
import { Role } from '@practica/contract';
import { describe, expect, it } from 'vitest';
import { makeLoginAnswer, makeUser } from '../test/render';
import {
  clearPracticeHandover,
  handOverRegistration,
  handOverToPractice,
  pendingPracticeHandover,
  practiceHandoverKey,
  practiceHandoverTtlMs,
  takePracticeHandover,
} from './practice-handover';

const trainee = makeUser(Role.Trainee, { email: 'tina@demo.test' });
const at = 1_700_000_000_000;

describe('practice hand-over', () => {
  it('is kept in session storage only, and taken once', () => {
    handOverToPractice(makeLoginAnswer(trainee), at);
    expect(window.localStorage.length).toBe(0);
    expect(pendingPracticeHandover(at + 1000)).toBe('tina@demo.test');
    expect(takePracticeHandover(at + 1000)).toEqual({
      reason: 'signed-in',
      email: 'tina@demo.test',
      token: 'test-token',
      user: trainee,
    });
    expect(window.sessionStorage.getItem(practiceHandoverKey)).toBeNull();
    expect(takePracticeHandover(at + 2000)).toBeNull();
  });

  it('past its time gives the email and why, never the session', () => {
    handOverToPractice(makeLoginAnswer(trainee), at);
    const late = at + practiceHandoverTtlMs + 1;
    expect(pendingPracticeHandover(late)).toBeNull();
    expect(takePracticeHandover(late)).toEqual({
      reason: 'signed-in',
      email: 'tina@demo.test',
      token: null,
      user: null,
    });
  });

  it('ignores what it cannot read, and removes it', () => {
    window.sessionStorage.setItem(practiceHandoverKey, JSON.stringify({ token: 't', at }));
    expect(takePracticeHandover(at)).toBeNull();
    window.sessionStorage.setItem(practiceHandoverKey, '{not json');
    expect(takePracticeHandover(at)).toBeNull();
    expect(window.sessionStorage.getItem(practiceHandoverKey)).toBeNull();
  });

  it('after a registration carries the email only', () => {
    handOverRegistration('tina@demo.test', at);
    expect(pendingPracticeHandover(at)).toBeNull();
    expect(takePracticeHandover(at)).toEqual({
      reason: 'registered',
      email: 'tina@demo.test',
      token: null,
      user: null,
    });
  });

  it('is removed by a staff sign-in in the same tab', () => {
    handOverToPractice(makeLoginAnswer(trainee), at);
    clearPracticeHandover();
    expect(takePracticeHandover(at)).toBeNull();
  });
});
