import { describe, expect, it } from 'vitest';
import { DEBATE_MESSAGES } from '../../domain/debates/debate-rules';
import { buildWebm } from '../test/webm-fixture';
import { checkRecording } from './debate-audio-processing';
import { readWebmAudio, WebmParseError } from './webm-audio';

describe('readWebmAudio: the duration of a WebM recording, from its blocks or its header', () => {
  it.each([
    [{ durationMs: 2_000 }, 2_000],
    [{ durationMs: 59_980 }, 59_980],
    [{ durationMs: 180_000 }, 180_000],
    // A header that says less than the blocks does not hide them.
    [{ durationMs: 90_000, headerDurationMs: 10_000 }, 90_000],
    // A header that says more counts too.
    [{ durationMs: 1_000, headerDurationMs: 5_000 }, 5_000],
  ])('%j lasts %i ms', (options, ms) => {
    const info = readWebmAudio(buildWebm(options));
    expect(info.durationMs).toBe(ms);
    expect(info).toMatchObject({ docType: 'webm', audioTracks: 1, videoTracks: 0 });
  });

  it('counts the tracks', () => {
    expect(readWebmAudio(buildWebm({ durationMs: 100, withVideo: true }))).toMatchObject({ audioTracks: 1, videoTracks: 1 });
    expect(readWebmAudio(buildWebm({ durationMs: 100, withoutAudio: true }))).toMatchObject({ audioTracks: 0 });
  });

  it('keeps what it read of a file cut in its last block', () => {
    const whole = buildWebm({ durationMs: 3_000 });
    expect(readWebmAudio(whole.subarray(0, whole.length - 2)).durationMs).toBe(2_980);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not a webm file')],
    ['zeros', Buffer.alloc(64)],
    ['a PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
  ])('refuses %s', (_name, bytes) => {
    expect(() => readWebmAudio(bytes)).toThrow(WebmParseError);
  });
});

describe('checkRecording: audio checked by its bytes, at most 5 MB, 180 s (response) or 60 s (rebuttal, defense)', () => {
  it.each([
    ['response', { durationMs: 180_000 }, null],
    ['response', { durationMs: 182_000 }, 'Your recording must be at most 3:00 long.'],
    ['rebuttal', { durationMs: 60_000 }, null],
    ['rebuttal', { durationMs: 62_000 }, 'Your recording must be at most 1:00 long.'],
    ['defense', { durationMs: 30_000, headerDurationMs: 90_000 }, 'Your recording must be at most 1:00 long.'],
    ['response', { durationMs: 1_000, withVideo: true }, DEBATE_MESSAGES.audioInvalid],
    ['response', { durationMs: 1_000, withoutAudio: true }, DEBATE_MESSAGES.audioInvalid],
    ['response', { durationMs: 1_000, docType: 'matroska' }, DEBATE_MESSAGES.audioInvalid],
    ['response', { durationMs: 60_000, frameBytes: 2_000 }, DEBATE_MESSAGES.audioTooLarge],
  ] as const)('a %s of %j → %j', async (kind, options, message) => {
    const outcome = await checkRecording(buildWebm(options), kind).then(
      (r) => ({ ok: r.durationMs }),
      (e: Error) => ({ error: e.message }),
    );
    if (message === null) expect(outcome).toEqual({ ok: options.durationMs });
    else expect(outcome).toEqual({ error: message });
  });

  it('refuses an image renamed .webm', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await expect(checkRecording(png, 'response')).rejects.toThrow(DEBATE_MESSAGES.audioInvalid);
  });
});
