// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt } from './UpdatePrompt';

describe('UpdatePrompt', () => {
  it('announces the new version as a status with a focusable Reload button', () => {
    render(<UpdatePrompt onReload={() => undefined} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A new version is available — Reload');
    const reload = screen.getByRole('button', { name: 'Reload' });
    reload.focus();
    expect(document.activeElement).toBe(reload);
  });

  it('activates the waiting version once, when the shopper presses Reload', async () => {
    const onReload = vi.fn();
    render(<UpdatePrompt onReload={onReload} />);
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    await userEvent.click(reload);
    expect(onReload).toHaveBeenCalledTimes(1);
    expect((reload as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes away for now without reloading when dismissed', async () => {
    const onReload = vi.fn();
    render(<UpdatePrompt onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(onReload).not.toHaveBeenCalled();
  });
});
