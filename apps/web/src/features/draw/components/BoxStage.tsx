import { useId, useRef, useState, type CSSProperties } from 'react';
import { useBackgroundMusic, playMoeMoeKyun } from '../hooks/use-background-music';
import { shakeAmplitude } from '../lib/draw-progress';
import { SpeakerIcon } from '../../../components/icons';

/** A shake lasts 1 s. */
export const SHAKE_MS = 1000;

/** The box that shakes (1 s, intensity from the 1-10 slider), Shake, Moe Moe Kyun and the sound toggle. */
export function BoxStage() {
  const [intensity, setIntensity] = useState(5);
  const [shakeKey, setShakeKey] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [shaking, setShaking] = useState(false);
  const music = useBackgroundMusic();
  const sliderId = useId();

  const shake = () => {
    clearTimeout(timer.current);
    setShakeKey((key) => key + 1);
    setShaking(true);
    timer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  };

  return (
    <section className="box-stage" aria-label="Kuji box">
      <button
        type="button"
        className="box-stage__sound"
        aria-pressed={music.on}
        aria-label={music.on ? 'Sound on' : 'Sound off'}
        onClick={music.toggle}
      >
        <SpeakerIcon on={music.on} />
      </button>
      <div className="box-stage__floor">
        <img
          key={shakeKey}
          className={`box-stage__box${shaking ? ' box-stage__box--shaking' : ''}`}
          style={{ '--shake': `${shakeAmplitude(intensity)}px`, animationDuration: `${SHAKE_MS}ms` } as CSSProperties}
          src="/draw/box.svg"
          alt="The kuji box"
          width={320}
          height={300}
          data-testid="box"
          data-shaking={shaking ? 'true' : 'false'}
        />
      </div>
      <div className="box-stage__slider">
        <label htmlFor={sliderId}>Shake intensity</label>
        <input
          id={sliderId}
          type="range"
          min={1}
          max={10}
          step={1}
          value={intensity}
          onChange={(e) => setIntensity(Number(e.target.value))}
        />
        <output htmlFor={sliderId}>{intensity}</output>
      </div>
      <div className="box-stage__actions">
        <button type="button" className="btn btn--ghost" onClick={shake}>
          Shake
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => playMoeMoeKyun()}>
          Moe Moe Kyun
        </button>
      </div>
    </section>
  );
}
