// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LiveAnnouncement } from '../components/ui/LiveAnnouncement';
import { isCountdownMilestone, spokenDuration, useCountdownAnnouncement } from './use-countdown-announcement';

function Countdown({ seconds }: { seconds: number }) {
  const message = useCountdownAnnouncement(seconds, (left) => `Tickets reserved for ${left}.`);
  return <LiveAnnouncement message={message} />;
}

describe('countdown announcements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('speaks each whole minute, then 30 s and 10 s, never 0', () => {
    const spoken = Array.from({ length: 181 }, (_, i) => 180 - i).filter(isCountdownMilestone);
    expect(spoken).toEqual([180, 120, 60, 30, 10]);
    expect(spokenDuration(120)).toBe('2 minutes');
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(1)).toBe('1 second');
    expect(spokenDuration(30)).toBe('30 seconds');
  });

  it('changes the polite live region only at the milestones', () => {
    const { rerender } = render(<Countdown seconds={125} />);
    act(() => vi.advanceTimersByTime(150));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    const seen: string[] = [''];
    for (let seconds = 124; seconds >= 0; seconds--) {
      rerender(<Countdown seconds={seconds} />);
      // The region takes each message a moment after it changes (so a message shown with the screen is read).
      act(() => vi.advanceTimersByTime(150));
      const text = screen.getByRole('status').textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }
    expect(seen).toEqual([
      '',
      'Tickets reserved for 2 minutes.',
      'Tickets reserved for 1 minute.',
      'Tickets reserved for 30 seconds.',
      'Tickets reserved for 10 seconds.',
    ]);
  });

  it('reads a message that arrives with the region itself, a moment later', () => {
    render(<LiveAnnouncement message="You won Prize A: Luffy figure." />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('status').textContent).toBe('You won Prize A: Luffy figure.');
  });
});
