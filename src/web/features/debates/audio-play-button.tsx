import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';

/** A play/pause button for a recording ('Play Audio Response' / 'Pause Audio Response'); one audio element per button. */
export function AudioPlayButton({ src, playLabel, pauseLabel }: { src: string; playLabel: string; pauseLabel: string }) {
  const { t } = useTranslation('debates');
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  const toggle = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    try {
      await audio.play();
    } catch {
      setPlaying(false);
      toast.error(t('audio.playFailed'));
    }
  };

  return (
    <>
      <audio
        ref={audioRef}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        data-testid="debate-audio"
        className="hidden"
      />
      <Button variant="outline" size="sm" onClick={() => void toggle()}>
        {playing ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
        {playing ? pauseLabel : playLabel}
      </Button>
    </>
  );
}
