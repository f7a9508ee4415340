import { Dialog } from '../../../components/ui/Dialog';
import { useDesktopNotice } from '../hooks/useDesktopNotice';

/** On a window wider than 768 px: 'For the best experience, please use a mobile device.' once per visit. */
export function DesktopNotice() {
  const { open, close } = useDesktopNotice();
  return (
    <Dialog open={open} onClose={close} title="Kujiya is made for phones" className="desktop-notice">
      <div className="desktop-notice__body">
        <svg viewBox="0 0 48 72" width="48" height="72" aria-hidden="true">
          <rect x="2" y="2" width="44" height="68" rx="9" fill="#241a2e" />
          <rect x="6" y="9" width="36" height="52" rx="3" fill="#ffe3e8" />
          <rect x="12" y="16" width="24" height="18" rx="3" fill="#e8344e" />
          <rect x="12" y="39" width="24" height="5" rx="2.5" fill="#f5b82e" />
          <rect x="12" y="48" width="16" height="5" rx="2.5" fill="#eadfea" />
          <rect x="18" y="64" width="12" height="3" rx="1.5" fill="#6d6378" />
        </svg>
        <p>For the best experience, please use a mobile device.</p>
      </div>
      <div className="desktop-notice__actions">
        <button type="button" className="btn btn--primary" data-autofocus onClick={close}>
          Continue anyway
        </button>
      </div>
    </Dialog>
  );
}
