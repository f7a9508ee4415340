import { useState } from 'react';
import type { Announcement } from '@kujiya/shared';
import { useAdminAnnouncements } from '../../api/getAdminAnnouncements';
import { AdminTable } from '../table/AdminTable';
import { AnnouncementForm } from './AnnouncementForm';
import { AuditLog } from '../AuditLog';
import { formatSgDateTime } from '@kujiya/shared';
import './shop-ops.css';
import { useEditorFocus } from '../../../../lib/use-editor-focus';

/** /admin/announcements: site-wide banners, published now or scheduled ahead. */
export function AnnouncementsPage() {
  const { data, isLoading, error } = useAdminAnnouncements();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  useEditorFocus(editing === null ? null : editing === 'new' ? 'new' : editing.id);
  return (
    <main className="admin-page">
      <h1 className="admin-title">Announcements</h1>
      {editing ? (
        <div className="ops-panel" data-editor>
          <AnnouncementForm announcement={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          {editing !== 'new' && <AuditLog entityType="announcement" entityId={editing.id} />}
        </div>
      ) : (
        <AdminTable
          label="Announcements"
          rows={data?.announcements}
          isLoading={isLoading}
          error={error}
          rowKey={(a) => a.id}
          page={1}
          totalPages={1}
          onPageChange={() => {}}
          toolbar={
            <button type="button" className="btn btn--primary" data-opener="new" onClick={() => setEditing('new')}>
              New announcement
            </button>
          }
          columns={[
            { key: 'text', header: 'Text', render: (a) => a.text },
            { key: 'severity', header: 'Severity', render: (a) => a.severity, sortValue: (a) => a.severity },
            {
              key: 'start',
              header: 'Starts',
              render: (a) => formatSgDateTime(a.startsAt),
              sortValue: (a) => a.startsAt,
            },
            { key: 'end', header: 'Ends', render: (a) => formatSgDateTime(a.endsAt), sortValue: (a) => a.endsAt },
            { key: 'active', header: 'Status', render: (a) => (a.active ? 'On' : 'Off') },
            {
              key: 'actions',
              header: 'Actions',
              render: (a) => (
                <button type="button" className="btn btn--ghost" data-opener={a.id} onClick={() => setEditing(a)}>
                  Edit
                </button>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
