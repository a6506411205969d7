/**
 * A small reader of WebM (Matroska/EBML) files, enough to check an uploaded recording on the
 * server: that it is WebM, that it holds an audio track and no video, and how long it lasts.
 *
 * The length is the larger of the Segment Info Duration (when present) and the end of the last
 * block (Cluster Timecode + the block's relative timecode): Chrome's MediaRecorder writes no
 * Duration, and a client could write a false one, so the blocks always count.
 */

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;

/** Elements whose children are read in place (the others are skipped by their size). */
const MASTERS = new Set<number>([ID.ebml, ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);

export interface WebmAudioInfo {
  docType: string;
  audioTracks: number;
  videoTracks: number;
  durationMs: number;
}

export class WebmParseError extends Error {}

/** A variable-length integer at `at`: its length in bytes and value (with the marker bit kept for ids). */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new WebmParseError('bad variable-length integer');
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8 || at + length > bytes.length) throw new WebmParseError('truncated integer');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + bytes[at + i]!;
  return v;
}

function readFloat(bytes: Uint8Array, at: number, size: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, size);
  if (size === 4) return view.getFloat32(0);
  if (size === 8) return view.getFloat64(0);
  return 0;
}

/** Reads the facts above, or throws WebmParseError when the bytes are not a WebM file. */
export function readWebmAudio(input: Uint8Array): WebmAudioInfo {
  const bytes = input;
  let at = 0;
  let docType = '';
  let timecodeScale = 1_000_000; // nanoseconds per timecode unit
  let infoDuration = 0;
  let clusterTimecode = 0;
  let lastBlockTimecode = -1;
  let lastBlockDuration = 0;
  let audioTracks = 0;
  let videoTracks = 0;
  let sawHeader = false;
  let steps = 0;

  while (at < bytes.length) {
    if (++steps > 1_000_000) throw new WebmParseError('too many elements');
    let id: ReturnType<typeof readVint>;
    let size: ReturnType<typeof readVint>;
    try {
      id = readVint(bytes, at, true);
      size = readVint(bytes, at + id.length, false);
    } catch (error) {
      if (sawHeader && lastBlockTimecode >= 0) break; // a cut-off tail after real content
      throw error;
    }
    if (!sawHeader) {
      if (id.value !== ID.ebml) throw new WebmParseError('not an EBML file');
      sawHeader = true;
    }
    const dataAt = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      at = dataAt; // descend: children follow in place (also for unknown sizes)
      continue;
    }
    if (size.unknown) throw new WebmParseError('unknown size on a leaf element');
    const end = dataAt + size.value;
    if (end > bytes.length) {
      if (lastBlockTimecode >= 0) break; // the recording's last block was cut: keep what was read
      throw new WebmParseError('truncated element');
    }
    switch (id.value) {
      case ID.docType:
        docType = new TextDecoder().decode(bytes.subarray(dataAt, end)).replace(/\0+$/, '');
        break;
      case ID.timecodeScale:
        timecodeScale = readUint(bytes, dataAt, size.value) || 1_000_000;
        break;
      case ID.duration:
        infoDuration = readFloat(bytes, dataAt, size.value);
        break;
      case ID.trackType: {
        const type = readUint(bytes, dataAt, size.value);
        if (type === 1) videoTracks += 1;
        if (type === 2) audioTracks += 1;
        break;
      }
      case ID.timecode:
        clusterTimecode = readUint(bytes, dataAt, size.value);
        break;
      case ID.blockDuration:
        lastBlockDuration = readUint(bytes, dataAt, size.value);
        break;
      case ID.simpleBlock:
      case ID.block: {
        const track = readVint(bytes, dataAt, false);
        const relAt = dataAt + track.length;
        if (relAt + 2 <= end) {
          const relative = new DataView(bytes.buffer, bytes.byteOffset + relAt, 2).getInt16(0);
          const timecode = clusterTimecode + relative;
          if (timecode >= lastBlockTimecode) {
            lastBlockTimecode = timecode;
            lastBlockDuration = 0;
          }
        }
        break;
      }
      default:
        break;
    }
    at = end;
  }

  if (!sawHeader) throw new WebmParseError('empty file');
  const unitMs = timecodeScale / 1_000_000;
  const blocksMs = lastBlockTimecode >= 0 ? (lastBlockTimecode + lastBlockDuration) * unitMs : 0;
  const headerMs = Number.isFinite(infoDuration) && infoDuration > 0 ? infoDuration * unitMs : 0;
  return { docType, audioTracks, videoTracks, durationMs: Math.max(blocksMs, headerMs) };
}
