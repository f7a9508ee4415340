import { useEffect, useRef, useState } from 'react';

/** The favourite confirmation shows 3000 ms, then fades for 300 ms. */
export const FAVOURITE_POPUP_MS = 3000;
export const FAVOURITE_FADE_MS = 300;

/** Runs `onDone` after the popup's time and its fade; answers true once the fade has started. */
export function usePopupTimer(onDone: () => void, showMs = FAVOURITE_POPUP_MS, fadeMs = FAVOURITE_FADE_MS): boolean {
  const [fading, setFading] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), showMs);
    const end = setTimeout(() => done.current(), showMs + fadeMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
  }, [showMs, fadeMs]);
  return fading;
}
