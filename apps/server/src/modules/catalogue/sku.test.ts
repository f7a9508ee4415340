import { describe, expect, it } from 'vitest';
import { nextSku } from './sku.ts';

describe('nextSku', () => {
  it('adds one to the numeric suffix and keeps its width', () => {
    expect(nextSku('SFA-GRAD-001')).toBe('SFA-GRAD-002');
    expect(nextSku('RELOAD-009')).toBe('RELOAD-010');
    expect(nextSku('KUJI99')).toBe('KUJI100');
  });
  it('starts a suffix when there is none', () => {
    expect(nextSku('LIMITED')).toBe('LIMITED-2');
  });
});
