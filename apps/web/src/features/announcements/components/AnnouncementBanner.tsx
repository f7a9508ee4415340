import { useLocation } from 'react-router';
import { useCurrentAnnouncements } from '../api/getCurrentAnnouncements';
import { useDismissedAnnouncements } from '../useDismissedAnnouncements';
import './announcement-banner.css';

/** The shop's site-wide announcements, one dismissible banner each (not in the back office). */
export function AnnouncementBanner() {
  const { pathname } = useLocation();
  const { data } = useCurrentAnnouncements();
  const { dismissed, dismiss } = useDismissedAnnouncements();
  if (pathname.startsWith('/admin')) return null;
  const shown = (data?.announcements ?? []).filter((announcement) => !dismissed.includes(announcement.id));
  if (shown.length === 0) return null;
  return (
    <div className="announcements">
      {shown.map((announcement) => (
        <div
          key={announcement.id}
          className={`announcement announcement--${announcement.severity}`}
          role={announcement.severity === 'critical' ? 'alert' : 'status'}
        >
          <p className="announcement__text">{announcement.text}</p>
          <button
            type="button"
            className="announcement__close"
            aria-label="Dismiss announcement"
            onClick={() => dismiss(announcement.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
