import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A/AA and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface StateFinding {
  state: string;
  violations: string[];
}

/**
 * Records the axe findings of each screen state a test visits; the test asserts `problems()` is empty
 * at its end, so one failing state does not hide the others.
 */
export class AxeAudit {
  readonly visited: StateFinding[] = [];

  /** Runs axe on the page as it is now, named `state` (printed in the list of states visited). */
  async check(page: Page, state: string): Promise<void> {
    // Let transitions (popups zooming in, toasts sliding) settle so colours are measured at rest.
    await page.waitForTimeout(400);
    const results = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      // Experimental in axe-core (off by default), yet WCAG 2.5.3: a name must contain the visible label.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const violations = results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}`),
    );
    const size = page.viewportSize();
    const label = `${state} @${size?.width}x${size?.height}`;
    this.visited.push({ state: label, violations });
    console.log(`axe: ${violations.length === 0 ? 'clean' : `${violations.length} violation(s)`} · ${label}`);
  }

  /** Every violation found so far, each with its state, rule id and target. */
  problems(): string[] {
    return this.visited.flatMap(({ state, violations }) => violations.map((v) => `${state}: ${v}`));
  }
}
