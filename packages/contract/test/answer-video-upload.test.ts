/**
 * The answer-video upload's metadata (tus `Upload-Metadata`, text values): the recorder's types
 * accepted with their codec parameters, `duration` over 0 up to 3600 seconds, ids, the optional
 * file name — each refusal with the catalogue's message.
 */
import { describe, expect, it } from 'vitest';
import {
  answerDurationMaxSeconds,
  answerVideoExtension,
  answerVideoUploadMetadataSchema,
  fileNameMaxLength,
  messages,
} from '../src';

const valid = {
  assignmentId: '12',
  questionId: '34',
  filetype: 'video/webm;codecs=vp9,opus',
  filename: 'answer-q1.webm',
  duration: '8.25',
};

/** The messages of a failed parse of `valid` with `over`, or [] when it passes. */
function errors(over: Record<string, string | null | undefined>): string[] {
  const result = answerVideoUploadMetadataSchema.safeParse({ ...valid, ...over });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('answerVideoExtension', () => {
  it('names the container of a recorder type, codec parameters and case aside', () => {
    expect(answerVideoExtension('video/webm')).toBe('webm');
    expect(answerVideoExtension('video/webm;codecs=vp8,opus')).toBe('webm');
    expect(answerVideoExtension('VIDEO/WEBM; codecs="vp9, opus"')).toBe('webm');
    expect(answerVideoExtension('video/mp4')).toBe('mp4');
    expect(answerVideoExtension('video/mp4;codecs=avc1.42E01E,mp4a.40.2')).toBe('mp4');
  });

  it('refuses any other type', () => {
    for (const type of [
      'video/quicktime',
      'video/x-matroska;codecs=avc1',
      'audio/webm',
      'video',
      '',
    ])
      expect(answerVideoExtension(type), type).toBeNull();
  });
});

describe('answerVideoUploadMetadataSchema', () => {
  it('reads the text values: ids and duration as numbers, the file name optional', () => {
    expect(answerVideoUploadMetadataSchema.parse(valid)).toEqual({
      assignmentId: 12,
      questionId: 34,
      filetype: 'video/webm;codecs=vp9,opus',
      filename: 'answer-q1.webm',
      duration: 8.25,
    });
    for (const filename of [undefined, null, '', '   '])
      expect(answerVideoUploadMetadataSchema.parse({ ...valid, filename }).filename).toBeNull();
  });

  it('duration: more than 0, at most 3600 seconds, written as a plain number', () => {
    for (const duration of ['0.001', '1', String(answerDurationMaxSeconds)])
      expect(errors({ duration }), duration).toEqual([]);
    for (const duration of ['0', '0.0', '3600.5', '-1', 'abc', '1e3', 'NaN', '', null, undefined])
      expect(errors({ duration }), String(duration)).toEqual([messages.durationInvalid]);
  });

  it('ids: positive whole numbers', () => {
    for (const id of ['0', '-1', '1.5', 'x', '', null, undefined]) {
      expect(errors({ assignmentId: id }), String(id)).toEqual([messages.idInvalid]);
      expect(errors({ questionId: id }), String(id)).toEqual([messages.idInvalid]);
    }
  });

  it('filetype: video/webm or video/mp4 only', () => {
    for (const filetype of ['video/quicktime', 'image/png', '', null, undefined])
      expect(errors({ filetype }), String(filetype)).toEqual([messages.fileTypeNotAllowed]);
  });

  it(`filename: at most ${fileNameMaxLength} characters`, () => {
    expect(errors({ filename: 'a'.repeat(fileNameMaxLength) })).toEqual([]);
    expect(errors({ filename: 'a'.repeat(fileNameMaxLength + 1) })).toEqual([messages.nameTooLong]);
  });
});
