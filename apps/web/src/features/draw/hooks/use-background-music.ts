import { useEffect, useRef, useState } from 'react';

export const MUSIC_URL = '/draw/background-music.wav';
/** Background music at volume 0.1, looping. */
export const MUSIC_VOLUME = 0.1;

/** The sound toggle's looping background music; off until the shopper turns it on (autoplay rules). */
export function useBackgroundMusic() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [on, setOn] = useState(false);

  useEffect(() => {
    if (!on) {
      audio.current?.pause();
      return;
    }
    if (!audio.current) {
      audio.current = new Audio(MUSIC_URL);
      audio.current.loop = true;
      audio.current.volume = MUSIC_VOLUME;
    }
    audio.current.play().catch((error: unknown) => console.error('Background music could not play', error));
  }, [on]);

  useEffect(() => () => audio.current?.pause(), []);
  return { on, toggle: () => setOn((value) => !value) };
}

/** Plays the synthesised 'Moe Moe Kyun' voice. */
export function playMoeMoeKyun(): HTMLAudioElement {
  const voice = new Audio('/draw/moe-moe-kyun.wav');
  voice.play().catch((error: unknown) => console.error('Voice could not play', error));
  return voice;
}
