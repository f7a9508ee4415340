import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatSgDayMonthTime, receiptVerifyPath, unreadCount } from '@kujiya/shared';
import { BellIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { useSession } from '../../../lib/session';
import { useNotifications } from '../api/getNotifications';
import { useMarkAllNotificationsRead } from '../api/markAllNotificationsRead';
import { useMarkNotificationRead } from '../api/markNotificationRead';
import { useRemoveNotification } from '../api/removeNotification';
import './notifications.css';

/**
 * The notifications bell of the logged-in navigation bar: an unread badge, and a
 * dropdown listing the notifications. Opening it marks all as read; the ones that were unread at that
 * moment stay highlighted while it is open. A notification can be marked read or removed on its own.
 */
export function NotificationBell() {
  const { isLoggedIn, username } = useSession();
  const user = isLoggedIn ? username : null;
  const notifications = useNotifications(user);
  const markAll = useMarkAllNotificationsRead(user);
  const markOne = useMarkNotificationRead(user);
  const remove = useRemoveNotification(user);
  const [open, setOpen] = useState(false);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(containerRef, open, close);

  const list = notifications.data ?? [];
  const unread = unreadCount(list);
  // The badge's figure, and the same figure in the name: a name holds the text shown (WCAG 2.5.3).
  const shownUnread = unread > 99 ? '99+' : String(unread);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setFreshIds(new Set(list.filter((n) => !n.isRead).map((n) => n._id)));
    if (unread > 0) markAll.mutate();
  };

  return (
    <div className="nav-widget" ref={containerRef}>
      <button
        type="button"
        className="nav-icon-button"
        aria-label={unread > 0 ? `Notifications (${shownUnread} unread)` : 'Notifications'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="nav-badge" data-testid="notification-badge">
            {shownUnread}
          </span>
        )}
      </button>
      {open && (
        <section id={listId} className="nav-dropdown notifications" aria-label="Notifications">
          <h2 className="notifications__title">Notifications</h2>
          {/* The opt-in is a tap away, on the settings screen: never asked on a visit. */}
          {'PushManager' in window && Notification.permission === 'default' && (
            <Link className="notifications__link" to="/profile/notifications" onClick={close}>
              Turn on notifications
            </Link>
          )}
          {notifications.isError && (
            <p className="notifications__error" role="alert">
              {notifications.error.message}
            </p>
          )}
          {remove.isError && (
            <p className="notifications__error" role="alert">
              {remove.error.message}
            </p>
          )}
          {notifications.isPending && <p className="notifications__empty">Loading…</p>}
          {notifications.isSuccess && list.length === 0 && (
            <p className="notifications__empty">You have no notifications.</p>
          )}
          {list.length > 0 && (
            <ul className="notifications__list">
              {list.map((n) => (
                <li
                  key={n._id}
                  className={`notifications__item${freshIds.has(n._id) || !n.isRead ? ' notifications__item--new' : ''}`}
                >
                  <div className="notifications__content">
                    <button
                      type="button"
                      className="notifications__body"
                      onClick={() => {
                        if (!n.isRead) markOne.mutate(n._id);
                      }}
                    >
                      <span className="notifications__message">{n.message}</span>
                      <time className="notifications__time" dateTime={n.createdAt}>
                        {formatSgDayMonthTime(n.createdAt)}
                      </time>
                    </button>
                    {/* A purchase or win carries its fairness receipt (docs/rules/fairness.md): checked on the fairness page. */}
                    {n.receipt && (
                      <Link className="notifications__link" to={receiptVerifyPath(n.receipt)} onClick={close}>
                        View receipt
                      </Link>
                    )}
                  </div>
                  <button
                    type="button"
                    className="notifications__remove"
                    aria-label="Remove notification"
                    disabled={remove.isPending && remove.variables === n._id}
                    onClick={() => remove.mutate(n._id)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
