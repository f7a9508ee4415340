/** The arrival text without an 'Estimated arrival:' prefix (the popup shows its own label). */
export function arrivalDate(arrival: string | null): string {
  const text = (arrival ?? '').replace(/^\s*estimated\s+arrival\s*:?\s*/i, '').trim();
  return text || 'To be announced';
}
