/**
 * Builds small WebM files for tests: an EBML header, a Segment of unknown size (as Chrome's
 * MediaRecorder writes it), Info, Tracks, and Clusters of SimpleBlocks every 20 ms, so the
 * length of the recording is what the test asks for. The frames carry no real Opus data:
 * the server checks the container, not the sound.
 */

function vintSize(n: number): number[] {
  // 8-byte size form: 0x01 followed by 7 bytes.
  const out = [0x01];
  for (let i = 6; i >= 0; i--) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
  return out;
}

function idBytes(id: number): number[] {
  const out: number[] = [];
  let v = id;
  while (v > 0) {
    out.unshift(v & 0xff);
    v = Math.floor(v / 256);
  }
  return out;
}

function element(id: number, data: number[]): number[] {
  return [...idBytes(id), ...vintSize(data.length), ...data];
}

function uint(n: number, size = 4): number[] {
  const out: number[] = [];
  for (let i = size - 1; i >= 0; i--) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
  return out;
}

function float64(n: number): number[] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  return [...new Uint8Array(view.buffer)];
}

const text = (s: string) => [...new TextEncoder().encode(s)];

export interface WebmFixtureOptions {
  /** How long the blocks run, in milliseconds. */
  durationMs: number;
  /** A Duration in Segment Info (ms); none by default, like Chrome. */
  headerDurationMs?: number;
  /** Add a video track too. */
  withVideo?: boolean;
  /** Leave the audio track out. */
  withoutAudio?: boolean;
  docType?: string;
  /** Bytes of filler per frame (to make a large file). */
  frameBytes?: number;
}

export function buildWebm(options: WebmFixtureOptions): Buffer {
  const { durationMs, headerDurationMs, withVideo = false, withoutAudio = false, docType = 'webm', frameBytes = 3 } = options;
  const header = element(0x1a45dfa3, [
    ...element(0x4286, uint(1, 1)),
    ...element(0x42f7, uint(1, 1)),
    ...element(0x4282, text(docType)),
    ...element(0x4287, uint(4, 1)),
    ...element(0x4285, uint(2, 1)),
  ]);
  const info = element(0x1549a966, [
    ...element(0x2ad7b1, uint(1_000_000, 3)),
    ...element(0x4d80, text('caucus-tests')),
    ...(headerDurationMs !== undefined ? element(0x4489, float64(headerDurationMs)) : []),
  ]);
  const entries: number[] = [];
  if (!withoutAudio) entries.push(...element(0xae, [...element(0xd7, uint(1, 1)), ...element(0x83, uint(2, 1)), ...element(0x86, text('A_OPUS'))]));
  if (withVideo) entries.push(...element(0xae, [...element(0xd7, uint(2, 1)), ...element(0x83, uint(1, 1)), ...element(0x86, text('V_VP8'))]));
  const tracks = element(0x1654ae6b, entries);
  const clusters: Buffer[] = [];
  const clusterSpan = 10_000;
  for (let start = 0; start <= durationMs; start += clusterSpan) {
    // Clusters of unknown size, as MediaRecorder writes them.
    clusters.push(Buffer.from([...idBytes(0x1f43b675), 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...element(0xe7, uint(start, 4))]));
    const filler = new Array<number>(frameBytes).fill(0xfc);
    for (let t = start; t < Math.min(start + clusterSpan, durationMs + 1); t += 20) {
      const rel = t - start;
      clusters.push(Buffer.from(element(0xa3, [0x81, (rel >> 8) & 0xff, rel & 0xff, 0x80, ...filler])));
    }
  }
  const segmentStart = Buffer.from([...idBytes(0x18538067), 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...info, ...tracks]);
  return Buffer.concat([Buffer.from(header), segmentStart, ...clusters]);
}
