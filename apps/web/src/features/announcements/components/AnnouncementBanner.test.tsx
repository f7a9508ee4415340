// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { announcementsResponseSchema, type Announcement } from '@kujiya/shared';
import { uuid } from '../../../test/fixtures';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { AnnouncementBanner } from './AnnouncementBanner';

const announcement = (text: string, severity: Announcement['severity']): Announcement => ({
  id: uuid(`announcement ${text}`),
  text,
  severity,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-31T00:00:00.000Z',
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const current = [
  announcement('Shipping is paused on 25 Dec.', 'info'),
  announcement('Payments are down for maintenance.', 'critical'),
];

describe("the shop's announcement banner (docs/rules/shop-ops.md)", () => {
  it('shows each current announcement, a critical one as an alert, and keeps a dismissed one away', async () => {
    answer('get', '/api/announcements', announcementsResponseSchema, { announcements: current });
    const page = renderWithApp(<AnnouncementBanner />, { path: '/ichiban-kuji-products' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are down for maintenance.');
    expect(screen.getByRole('status')).toHaveTextContent('Shipping is paused on 25 Dec.');

    await page.user.click(screen.getAllByRole('button', { name: 'Dismiss announcement' })[0]!);
    expect(screen.queryByText('Shipping is paused on 25 Dec.')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('dismissedAnnouncements')!)).toEqual([current[0]!.id]);

    page.unmount();
    renderWithApp(<AnnouncementBanner />, { path: '/ichiban-kuji-products' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Shipping is paused on 25 Dec.')).not.toBeInTheDocument();
  });

  it('stays out of the back office', async () => {
    answer('get', '/api/announcements', announcementsResponseSchema, { announcements: current });
    renderWithApp(<AnnouncementBanner />, { path: '/admin/products' });
    await waitFor(() => expect(sent('GET', '/api/announcements')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
