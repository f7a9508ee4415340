import { useEffect, useRef, useState } from 'react';
import {
  FINAL_EFFECT_START,
  LAST_FRAME,
  SPRITE,
  TEAR_EFFECT_URL,
  frameAfter,
  frameForDrag,
  inFinalEffect,
  spriteOffset,
} from '../lib/tear';
import { rasterizeSheet, type RasterSheet } from '../lib/sprite-raster';
import { prefersReducedMotion } from '../../../lib/reduced-motion';

interface TicketTearProps {
  /** The last 30 frames began: show the final effect and 'Congratulations!'. */
  onFinalEffect: () => void;
  /** The last frame was reached: the prize may now be shown. */
  onTorn: () => void;
}

/** A drag further than this share of the ticket finishes the tear by itself when released. */
const AUTO_FINISH_SHARE = 0.6;
/** With reduced motion, Open Ticket fades the sealed ticket out this fast instead of tearing it. */
export const REDUCED_MOTION_FADE_MS = 200;

/**
 * The 72-frame ticket sprite. Open Ticket advances one frame every 16 ms on requestAnimationFrame;
 * a left-to-right drag moves the frame with the finger. Each frame copies its cell of the sheet onto
 * a fixed-size canvas: no React render, no style change and no layout per frame, and only one
 * frame's pixels are drawn (moving a whole rasterised sheet under a window made the browser raster
 * new tiles of the large sheet mid-animation, which dropped frames on a phone-class CPU). The moving
 * frames come from bitmaps of the sheet's rows made while the ticket waits (lib/sprite-raster.ts).
 */
export function TicketTear({ onFinalEffect, onTorn }: TicketTearProps) {
  const windowRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sheet = useRef<HTMLImageElement | null>(null);
  const raster = useRef<RasterSheet | null>(null);
  const effect = useRef<HTMLCanvasElement | null>(null);
  const frame = useRef(0);
  const raf = useRef(0);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);
  const finalShown = useRef(false);
  const torn = useRef(false);
  const callbacks = useRef({ onFinalEffect, onTorn });
  const [running, setRunning] = useState(false);

  useEffect(() => {
    callbacks.current = { onFinalEffect, onTorn };
  });
  useEffect(() => () => cancelAnimationFrame(raf.current), []);

  // Load the sheet and paint frame 0; the canvas backing store matches the screen's pixel ratio.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(SPRITE.frameWidth * ratio);
    canvas.height = Math.round(SPRITE.frameHeight * ratio);
    const image = new Image();
    image.decoding = 'async';
    image.src = SPRITE.url;
    image.onload = () => {
      sheet.current = image;
      paint(frame.current);
      raster.current = rasterizeSheet(image);
    };
    const burst = new Image();
    burst.src = TEAR_EFFECT_URL;
    burst.onload = () => {
      // Rasterise the vector burst once, so each final-effect frame only scales a bitmap.
      const bitmap = document.createElement('canvas');
      bitmap.width = bitmap.height = Math.round(canvas.width * 1.2);
      bitmap.getContext('2d')?.drawImage(burst, 0, 0, bitmap.width, bitmap.height);
      effect.current = bitmap;
    };
    return () => raster.current?.release();
  }, []);

  function paint(f: number) {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !sheet.current) return;
    const { x, y } = spriteOffset(f);
    context.clearRect(0, 0, canvas.width, canvas.height);
    // The final effect: a burst behind the opening ticket that grows in over the last 30 frames.
    if (effect.current && inFinalEffect(f)) {
      const progress = (f - FINAL_EFFECT_START) / (LAST_FRAME - FINAL_EFFECT_START);
      const size = canvas.width * (0.7 + 0.5 * progress);
      context.save();
      context.globalAlpha = Math.min(1, progress * 2.5);
      context.translate(canvas.width / 2, canvas.height * 0.55);
      context.rotate(progress * 0.6);
      context.drawImage(effect.current, -size / 2, -size / 2, size, size);
      context.restore();
    }
    // A frame of the tear comes from the rasterised row once it is ready; the still ticket (frame 0,
    // before the tear moves) from the vector sheet, sharp at the screen's pixel ratio.
    const bitmap = f > 0 ? raster.current?.frame(f) : null;
    if (bitmap)
      context.drawImage(
        bitmap.bitmap,
        bitmap.x,
        0,
        SPRITE.frameWidth,
        SPRITE.frameHeight,
        0,
        0,
        canvas.width,
        canvas.height,
      );
    else
      context.drawImage(
        sheet.current,
        -x,
        -y,
        SPRITE.frameWidth,
        SPRITE.frameHeight,
        0,
        0,
        canvas.width,
        canvas.height,
      );
  }

  function show(next: number) {
    if (torn.current || next === frame.current) return;
    frame.current = next;
    paint(next);
    if (!finalShown.current && inFinalEffect(next)) {
      finalShown.current = true;
      callbacks.current.onFinalEffect();
    }
    if (next >= LAST_FRAME) {
      // Marks for performance tooling (and the e2e frame-time check) around the tear.
      performance.mark('ticket-tear-end');
      torn.current = true;
      cancelAnimationFrame(raf.current);
      callbacks.current.onTorn();
    }
  }

  function play() {
    if (torn.current || raf.current) return;
    setRunning(true);
    performance.mark('ticket-tear-start');
    const ticket = windowRef.current;
    if (prefersReducedMotion() && ticket && typeof ticket.animate === 'function') {
      // No tear for a shopper who asked for less motion: a short fade, then the opened ticket.
      raf.current = -1;
      const fade = ticket.animate([{ opacity: 1 }, { opacity: 0 }], {
        duration: REDUCED_MOTION_FADE_MS,
        easing: 'ease-out',
        fill: 'forwards',
      });
      fade.finished.then(
        () => show(LAST_FRAME),
        () => undefined,
      );
      return;
    }
    const from = frame.current;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      show(frameAfter(from, now - start));
      raf.current = torn.current ? 0 : requestAnimationFrame(step);
    };
    raf.current = requestAnimationFrame(step);
  }

  return (
    <div className="tear">
      <div
        ref={windowRef}
        className="tear__window"
        style={{ width: SPRITE.frameWidth, height: SPRITE.frameHeight }}
        data-testid="ticket"
        onPointerDown={(event) => {
          if (running) return;
          drag.current = { startX: event.clientX, pointerId: event.pointerId };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (!drag.current || drag.current.pointerId !== event.pointerId) return;
          const width = windowRef.current?.clientWidth ?? SPRITE.frameWidth;
          show(frameForDrag(frame.current, event.clientX - drag.current.startX, width));
        }}
        onPointerUp={() => {
          if (!drag.current) return;
          drag.current = null;
          if (!torn.current && frame.current >= LAST_FRAME * AUTO_FINISH_SHARE) play();
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <canvas ref={canvasRef} className="tear__canvas" role="img" aria-label="A sealed ticket" />
      </div>
      {/* aria-disabled while tearing: the focused button keeps focus (play() ignores a second press). */}
      <button type="button" className="btn btn--primary btn--block" onClick={play} aria-disabled={running}>
        Open Ticket
      </button>
    </div>
  );
}
