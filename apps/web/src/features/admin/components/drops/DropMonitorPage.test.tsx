// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { dropMonitorSchema, dropRoomSettingsSchema, type DropMonitor } from '@kujiya/shared';
import { signInAdmin } from '../../../../test/auth';
import { uuid } from '../../../../test/fixtures';
import { answer, refuse, sent } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { DropMonitorPage } from './DropMonitorPage';

const setId = uuid('drop round');

const figures = (overrides: Partial<DropMonitor> = {}): DropMonitor =>
  dropMonitorSchema.parse({
    setId,
    productId: uuid('drop product'),
    productName: 'Hot Drop Kuji',
    status: 'open',
    salesStartAt: '2026-12-07T07:05:00.000Z',
    room: { waiting: 4210, admitted: 150 },
    salesPerSecond: 36.5,
    left: 1300,
    total: 2000,
    prizes: [
      { id: uuid('prize a'), name: 'Prize A', rank: 'A', remaining: 0, initial: 2 },
      { id: uuid('prize b'), name: 'Prize B', rank: 'B', remaining: 40, initial: 98 },
    ],
    refusals: [
      { reason: 'NOT_ADMITTED', count: 812 },
      { reason: 'LIMIT_PER_SHOPPER', count: 17 },
    ],
    at: '2026-12-07T07:06:00.000Z',
    ...overrides,
  });

const open = (admissionsPerSecond: number | null = null) => {
  answer('get', '/api/admin/drops/:setId/room', dropRoomSettingsSchema, { admissionsPerSecond });
  return renderWithApp(<DropMonitorPage />, { path: '/admin/drops/:setId', at: `/admin/drops/${setId}` });
};

describe('the drop monitor (docs/rules/drops.md)', () => {
  it('shows the room, sales per second, tickets left per prize and refusals by reason', async () => {
    signInAdmin();
    answer('get', '/api/admin/drops/:setId', dropMonitorSchema, figures());
    open();
    expect(await screen.findByRole('heading', { name: 'Drop monitor: Hot Drop Kuji' })).toBeInTheDocument();
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Waiting')).toBe('4210');
    expect(figure('Admitted')).toBe('150');
    expect(figure('Sales per second')).toBe('36.5');
    expect(figure('Tickets left')).toBe('1300/2000');
    const prizes = screen.getByRole('table', { name: 'Tickets left per prize' });
    expect(within(prizes).getByRole('row', { name: 'Prize A 0/2' })).toBeInTheDocument();
    const refusals = screen.getByRole('table', { name: 'Refused purchases' });
    expect(
      within(refusals)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ReasonCount', 'NOT_ADMITTED812', 'LIMIT_PER_SHOPPER17']);
    expect(screen.getByText(/opens 7 Dec 2026, 3:05 pm/)).toBeInTheDocument();
  });

  it('says "No waiting room" for a set without one, and reads the figures again', async () => {
    signInAdmin();
    answer('get', '/api/admin/drops/:setId', dropMonitorSchema, figures({ room: null, refusals: [], left: 9 }));
    open();
    expect(await screen.findByText('No waiting room')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Refused purchases' })).getByText('None')).toBeInTheDocument();
    answer('get', '/api/admin/drops/:setId', dropMonitorSchema, figures({ room: null, left: 3 }));
    await waitFor(() => expect(screen.getByText('3/2000')).toBeInTheDocument(), { timeout: 4_000 });
  });

  it('shows the server message of a set that is not there', async () => {
    signInAdmin();
    refuse('get', '/api/admin/drops/:setId', 404, 'Product not found');
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it('sets the admission rate: empty is the default, the server refuses a bad number with its message', async () => {
    signInAdmin();
    answer('get', '/api/admin/drops/:setId', dropMonitorSchema, figures());
    answer('put', '/api/admin/drops/:setId/room', dropRoomSettingsSchema, { admissionsPerSecond: 120 });
    const page = open(null);
    const rate = await screen.findByRole('spinbutton', { name: 'Admissions per second' });
    expect(rate).toHaveValue(null);
    expect(rate).toHaveAttribute('placeholder', '350');
    expect(rate).toHaveAccessibleDescription(/Leave empty for the default, 350 a second\./);
    expect(rate).toHaveAccessibleDescription(
      /From 50 a second, the opening starts at 40\u00a0% of the rate and reaches it within 1\.5\u00a0s\.$/,
    );

    await page.user.type(rate, '120');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admission rate saved.')).toHaveAttribute('role', 'status');
    expect(sent('PUT', `/api/admin/drops/${setId}/room`).map((request) => request.body)).toEqual([
      { admissionsPerSecond: 120 },
    ]);

    refuse('put', '/api/admin/drops/:setId/room', 400, 'Admissions per second must be at least 1');
    await page.user.clear(rate);
    await page.user.type(rate, '0');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admissions per second must be at least 1');

    answer('put', '/api/admin/drops/:setId/room', dropRoomSettingsSchema, { admissionsPerSecond: null });
    await page.user.clear(rate);
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admission rate saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('PUT', `/api/admin/drops/${setId}/room`).at(-1)!.body).toEqual({ admissionsPerSecond: null });
  });

  it('shows the rate saved before', async () => {
    signInAdmin();
    answer('get', '/api/admin/drops/:setId', dropMonitorSchema, figures());
    open(50);
    expect(await screen.findByRole('spinbutton', { name: 'Admissions per second' })).toHaveValue(50);
  });
});
