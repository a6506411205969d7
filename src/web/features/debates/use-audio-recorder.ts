import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'recorded';

/** The container the server accepts: WebM (Opus when the browser offers it). */
function recorderMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  for (const type of ['audio/webm;codecs=opus', 'audio/webm']) if (MediaRecorder.isTypeSupported(type)) return type;
  return undefined;
}

/**
 * Records from the microphone with MediaRecorder (WebM): a timer ticking each second, and an
 * automatic stop at `maxSeconds`. `onMicrophoneError` is called when the microphone cannot be
 * opened. The recording is a Blob plus an object URL for the preview (revoked on reset/unmount).
 */
export function useAudioRecorder({ maxSeconds, onMicrophoneError }: { maxSeconds: number; onMicrophoneError: () => void }) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timersRef = useRef<{ tick?: ReturnType<typeof setInterval>; limit?: ReturnType<typeof setTimeout> }>({});
  const urlRef = useRef<string | null>(null);

  const clearTimers = () => {
    clearInterval(timersRef.current.tick);
    clearTimeout(timersRef.current.limit);
    timersRef.current = {};
  };
  const releaseStream = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };

  const stop = useCallback(() => {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (state === 'recording' || state === 'starting') return;
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      onMicrophoneError();
      return;
    }
    streamRef.current = stream;
    const mimeType = recorderMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      releaseStream();
      const blob = new Blob(chunks, { type: 'audio/webm' });
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setRecording({ blob, url });
      setState('recorded');
    };
    recorderRef.current = recorder;
    setElapsed(0);
    recorder.start(250);
    setState('recording');
    const startedAt = Date.now();
    timersRef.current.tick = setInterval(() => setElapsed(Math.min(maxSeconds, Math.floor((Date.now() - startedAt) / 1000))), 1000);
    timersRef.current.limit = setTimeout(() => {
      setElapsed(maxSeconds);
      stop();
    }, maxSeconds * 1000);
  }, [maxSeconds, onMicrophoneError, state, stop]);

  const reset = useCallback(() => {
    stop();
    releaseStream();
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    recorderRef.current = null;
    setRecording(null);
    setElapsed(0);
    setState('idle');
  }, [stop]);

  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      releaseStream();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  return { state, elapsed, recording, start, stop, reset };
}
