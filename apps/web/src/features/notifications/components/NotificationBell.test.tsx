// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notificationListSchema, notificationSchema, successResponseSchema, type Notification } from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { NotificationBell } from './NotificationBell';

const notice = (message: string, isRead: boolean): Notification => ({
  _id: uuid(`notification ${message}`),
  message,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  isRead,
  isRemoved: false,
  receipt: null,
});

const won = notice('You won Prize A of Naruto Kuji!', false);
const shipped = notice('Your parcel has shipped.', true);

/** The server's notifications, following the reads and removals the bell sends. */
function serverNotifications() {
  let list = [won, shipped];
  answer('get', '/api/notification', notificationListSchema, () => list.filter((n) => !n.isRemoved));
  answer('patch', '/api/notification/read-all', successResponseSchema, () => {
    list = list.map((n) => ({ ...n, isRead: true }));
    return { success: true as const };
  });
  answer('patch', '/api/notification/:id/remove', notificationSchema, (request) => {
    const id = request.path.split('/')[3];
    list = list.map((n) => (n._id === id ? { ...n, isRemoved: true } : n));
    return list.find((n) => n._id === id)!;
  });
}

describe('the notifications bell', () => {
  it('offers "Turn on notifications" (a link to the settings, nothing asked) only while push is possible and not yet decided', async () => {
    signInShopper('alice');
    serverNotifications();
    const requestPermission = vi.fn();
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    try {
      const bell = renderWithApp(<NotificationBell />);
      await bell.user.click(await screen.findByTestId('notification-bell'));
      const link = await screen.findByRole('link', { name: 'Turn on notifications' });
      expect(link).toHaveAttribute('href', '/profile/notifications');
      expect(requestPermission).not.toHaveBeenCalled();
      await bell.user.click(screen.getByTestId('notification-bell'));
      vi.stubGlobal('Notification', { permission: 'granted', requestPermission });
      await bell.user.click(screen.getByTestId('notification-bell'));
      expect(screen.queryByRole('link', { name: 'Turn on notifications' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("over 99 unread, the badge and the button's name both read 99+ (the name holds the text shown)", async () => {
    signInShopper('alice');
    const many = Array.from({ length: 120 }, (_, i) => notice(`Notice ${i}`, false));
    answer('get', '/api/notification', notificationListSchema, () => many);
    renderWithApp(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications (99+ unread)' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
  });

  it('counts the unread, marks them read on opening and removes one', async () => {
    signInShopper('alice');
    serverNotifications();
    const page = renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');

    await page.user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('You won Prize A of Naruto Kuji!'),
      expect.stringContaining('Your parcel has shipped.'),
    ]);
    await waitFor(() => expect(sent('PATCH', '/api/notification/read-all')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications'));

    await page.user.click(within(panel).getAllByRole('button', { name: 'Remove notification' })[1]!);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    expect(sent('PATCH', `/api/notification/${shipped._id}/remove`)).toHaveLength(1);
  });

  it('asks nothing of a visitor who is not logged in', async () => {
    renderWithApp(<NotificationBell />);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });
});
