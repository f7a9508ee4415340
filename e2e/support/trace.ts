/**
 * Reads a Chromium performance trace (the JSON of `browser.stopTracing()`) for the frames shown
 * between two `performance.mark`s of the page, e.g. the ticket tear.
 *
 * What Chromium 156 records, and what is used here:
 * - `blink.user_timing` instant events for the page's marks, on the renderer's main thread (their pid
 *   is the page's renderer process);
 * - `PipelineReporter` async slices (category `disabled-by-default-devtools.timeline.frame`), one per
 *   frame the renderer's compositor worked on, from its BeginFrame to its presentation; the begin's
 *   `args.frame_reporter.state` says whether it was presented (`STATE_PRESENTED_ALL`, or
 *   `STATE_PRESENTED_PARTIAL` when the main thread's update landed in the next one) or dropped
 *   (`STATE_DROPPED`). A presented frame often has two reporters ending at the same presentation.
 * - `Display::FrameDisplayed` instants of the GPU process's display compositor (category
 *   `disabled-by-default-display.framedisplayed`): each frame put on the screen, any page.
 * The length of a frame as the shopper sees it is the time between two presentations that carry the
 * page's new content (`STATE_PRESENTED_ALL`: the tear paints its canvas on the main thread).
 */

/** Categories for `browser.startTracing`: those of DevTools' Performance panel plus the displayed frames. */
export const FRAME_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-display.framedisplayed',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: { frame_reporter?: { state?: string }; name?: string };
}

export interface FrameTimingSummary {
  /** Tear start (ms, trace clock) and its length from mark to mark. */
  startMs: number;
  durationMs: number;
  /** Frames presented with the page's update, from the first after the start mark to the first at or after the end mark. */
  presentedFrames: number;
  /** Time between consecutive presentations: a frame's time on screen. */
  frameIntervalsMs: number[];
  longestFrameMs: number;
  /** When the longest frame was presented, from the start mark. */
  longestFrameAtMs: number;
  averageFrameMs: number;
  /** Frames the compositor began in the window and dropped. */
  droppedFrames: number;
  /** From BeginFrame to presentation, per presented frame (latency, not frame length). */
  longestPipelineLatencyMs: number;
  /** The display compositor's view of the same window (all of the browser's frames). */
  displayedFrames: number;
  longestDisplayedFrameMs: number;
  /** The longest task on the page's main thread in the window. */
  longestMainThreadTaskMs: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => (t - times[i]!) / 1000);
}

/** Sorted, with presentations under 1 ms apart (the same frame's reporters) counted once. */
function distinctTimes(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t - sorted[i - 1]! >= 1000);
}

/** Presentations after `start` up to and including the first at or after `end`. */
function window(times: number[], start: number, end: number): number[] {
  const after = times.filter((t) => t > start);
  const last = after.findIndex((t) => t >= end);
  return last === -1 ? after : after.slice(0, last + 1);
}

/** Frame timing between the last `startMark` and the last `endMark` of the trace. */
export function frameTiming(trace: unknown, startMark: string, endMark: string): FrameTimingSummary {
  const events: TraceEvent[] = Array.isArray(trace) ? trace : (trace as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => {
    const found = events.filter((e) => e.name === name && e.cat.includes('blink.user_timing')).at(-1);
    if (!found) throw new Error(`The trace has no '${name}' mark (was blink.user_timing traced?)`);
    return found;
  };
  const startEvent = mark(startMark);
  const start = startEvent.ts;
  const end = mark(endMark).ts;
  const renderer = startEvent.pid;

  // The page's frames: PipelineReporter slices of its renderer, paired by id.
  const begins = new Map<string, TraceEvent>();
  const presented: number[] = [];
  const latencies: number[] = [];
  let dropped = 0;
  for (const event of events
    .filter((e) => e.name === 'PipelineReporter' && e.pid === renderer)
    .sort((a, b) => a.ts - b.ts)) {
    const key = event.id2?.local ?? event.id2?.global ?? event.id ?? '';
    if (event.ph === 'b') {
      begins.set(key, event);
      continue;
    }
    if (event.ph !== 'e') continue;
    const begin = begins.get(key);
    begins.delete(key);
    const state = begin?.args?.frame_reporter?.state ?? '';
    if (!begin) continue;
    if (state === 'STATE_DROPPED' && begin.ts >= start && begin.ts <= end) dropped++;
    if (state === 'STATE_PRESENTED_ALL') {
      presented.push(event.ts);
      if (event.ts > start && event.ts <= end + 50_000) latencies.push((event.ts - begin.ts) / 1000);
    }
  }
  const frames = window(distinctTimes(presented), start, end);
  if (frames.length < 2)
    throw new Error(
      'The trace has no presented frames in the window (was disabled-by-default-devtools.timeline.frame traced?)',
    );
  const intervals = gaps(frames);

  const displayed = window(
    distinctTimes(events.filter((e) => e.name === 'Display::FrameDisplayed').map((e) => e.ts)),
    start,
    end,
  );
  const displayedIntervals = gaps(displayed);

  const mainTasks = events.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.pid === renderer &&
      e.tid === startEvent.tid &&
      e.ts + (e.dur ?? 0) > start &&
      e.ts < end,
  );

  return {
    startMs: round(start / 1000),
    durationMs: round((end - start) / 1000),
    presentedFrames: frames.length,
    frameIntervalsMs: intervals.map(round),
    longestFrameMs: round(Math.max(...intervals)),
    longestFrameAtMs: round((frames[intervals.indexOf(Math.max(...intervals)) + 1]! - start) / 1000),
    averageFrameMs: round(intervals.reduce((a, b) => a + b, 0) / intervals.length),
    droppedFrames: dropped,
    longestPipelineLatencyMs: round(Math.max(0, ...latencies)),
    displayedFrames: displayed.length,
    longestDisplayedFrameMs: round(Math.max(0, ...displayedIntervals)),
    longestMainThreadTaskMs: round(Math.max(0, ...mainTasks.map((e) => (e.dur ?? 0) / 1000))),
  };
}
