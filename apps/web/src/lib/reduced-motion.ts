/** The media query of a shopper who asked their system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether script-driven animations should be replaced by a short fade (CSS animations follow the
 * same media query in the stylesheets). Read at the moment an animation starts, so a changed
 * setting applies to the next one.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
