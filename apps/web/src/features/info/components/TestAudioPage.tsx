import { useState } from 'react';
import { InfoLayout } from './InfoLayout';

type Status = 'idle' | 'played' | 'unsupported';

/** A short two-note chime made with the Web Audio API, so no sound file is needed. */
async function playTestTone(): Promise<boolean> {
  const AudioContextClass =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return false;
  const context = new AudioContextClass();
  if (context.state === 'suspended') await context.resume();
  const start = context.currentTime;
  [880, 1318.5].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const noteStart = start + index * 0.18;
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, noteStart);
    gain.gain.exponentialRampToValueAtTime(0.3, noteStart + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, noteStart + 0.45);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(noteStart);
    oscillator.stop(noteStart + 0.5);
  });
  window.setTimeout(() => void context.close(), 1200);
  return true;
}

export function TestAudioPage() {
  const [status, setStatus] = useState<Status>('idle');
  return (
    <InfoLayout title="Audio Test" lead="The draw page plays sounds. Check that your device can hear them.">
      <div className="center-card">
        <button
          type="button"
          className="btn btn--primary"
          onClick={async () => setStatus((await playTestTone().catch(() => false)) ? 'played' : 'unsupported')}
        >
          ▶ Play test tone
        </button>
        <p role="status">
          {status === 'played' && 'Test tone played. Did you hear a chime?'}
          {status === 'unsupported' && 'This browser cannot play sound.'}
        </p>
      </div>
      <h2>No sound?</h2>
      <ul>
        <li>Turn up your volume, and switch your phone off silent mode (iPhones mute web sounds in silent mode).</li>
        <li>Sound can only start after a tap, so press the button again if nothing happened.</li>
        <li>On the draw page, use the sound toggle to switch the background music on or off.</li>
      </ul>
    </InfoLayout>
  );
}
