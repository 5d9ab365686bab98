import { describe, expect, it } from 'vitest';
import { browserOf, deviceProblemOf, environmentProblem } from './device-problem';
import { pickMimeType, recorderMimeTypes } from './media-recording';

const agents = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

const named = (name: string) => new DOMException('x', name);

describe('device problems', () => {
  it('tells the browsers apart', () => {
    expect(browserOf(agents.chrome)).toBe('chrome');
    expect(browserOf(agents.safari)).toBe('safari');
    expect(browserOf(agents.firefox)).toBe('firefox');
    expect(browserOf('curl/8')).toBe('other');
  });

  it('explains a denied permission with the browser’s own steps', () => {
    const chrome = deviceProblemOf(named('NotAllowedError'), agents.chrome);
    expect(chrome).toMatchObject({ kind: 'permission', canRetry: true });
    expect(chrome.text).toMatch(/In Chrome/);
    expect(deviceProblemOf(named('NotAllowedError'), agents.safari).text).toMatch(/In Safari/);
    expect(deviceProblemOf(named('NotAllowedError'), agents.firefox).text).toMatch(/In Firefox/);
  });

  it('tells a missing device from a busy one', () => {
    expect(deviceProblemOf(named('NotFoundError'), agents.chrome).kind).toBe('no-device');
    expect(deviceProblemOf(named('NotReadableError'), agents.chrome).kind).toBe('busy');
    expect(deviceProblemOf(new Error('Strange'), agents.chrome)).toMatchObject({
      kind: 'other',
      text: 'Strange',
    });
  });

  it('says the camera needs HTTPS or localhost, or a browser that records', () => {
    const base = { secure: true, hasMediaDevices: true, hasMediaRecorder: true };
    expect(environmentProblem(base)).toBeNull();
    expect(environmentProblem({ ...base, secure: false })).toMatchObject({
      kind: 'insecure',
      canRetry: false,
    });
    expect(environmentProblem({ ...base, secure: false })!.text).toMatch(/HTTPS or on localhost/);
    expect(environmentProblem({ ...base, hasMediaRecorder: false })!.kind).toBe('unsupported');
  });
});

describe('recorder type', () => {
  it('prefers H.264 in MP4, then WebM VP9, then VP8, then WebM, then a bare MP4', () => {
    expect(pickMimeType(() => true)).toBe(recorderMimeTypes[0]);
    expect(recorderMimeTypes[0]).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(pickMimeType((t) => !t.includes('avc1'))).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((t) => t === 'video/webm;codecs=vp8,opus')).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickMimeType(() => false)).toBe('');
  });
});
