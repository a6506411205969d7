import { fileTypeFromBuffer } from 'file-type';
import { audioDurationRefusal, DEBATE_LIMITS, DEBATE_MESSAGES, type ContributionKind } from '../../domain/debates/debate-rules';
import { AppError } from '../http/app-error';
import { readWebmAudio } from './webm-audio';

export interface CheckedRecording {
  bytes: Buffer;
  contentType: 'audio/webm';
  sizeBytes: number;
  durationMs: number;
}

const invalid = () => new AppError(400, 'invalid_audio', DEBATE_MESSAGES.audioInvalid);

/**
 * Checks a recorded contribution by its bytes (not its name or declared type): at most 5 MB,
 * a WebM file (file-type reads its EBML header) with an audio track and no video, no longer
 * than the kind allows (the duration is read from the file itself, see webm-audio.ts).
 */
export async function checkRecording(bytes: Buffer, kind: ContributionKind): Promise<CheckedRecording> {
  if (bytes.length > DEBATE_LIMITS.audioMaxBytes) throw new AppError(413, 'audio_too_large', DEBATE_MESSAGES.audioTooLarge);
  if (bytes.length === 0) throw invalid();
  // A truncated EBML header makes file-type throw (EndOfStreamError): that is no recording either.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!detected || detected.ext !== 'webm') throw invalid();
  let info;
  try {
    info = readWebmAudio(bytes);
  } catch {
    // WebmParseError, or a RangeError from an element whose size the reader did not expect:
    // either way the bytes are not a recording we can keep.
    throw invalid();
  }
  if (info.docType !== 'webm' || info.audioTracks < 1 || info.videoTracks > 0 || !Number.isFinite(info.durationMs)) throw invalid();
  const refusal = audioDurationRefusal(kind, info.durationMs / 1000);
  if (refusal) throw new AppError(400, refusal === DEBATE_MESSAGES.audioInvalid ? 'invalid_audio' : 'audio_too_long', refusal);
  return { bytes, contentType: 'audio/webm', sizeBytes: bytes.length, durationMs: Math.max(1, Math.round(info.durationMs)) };
}
