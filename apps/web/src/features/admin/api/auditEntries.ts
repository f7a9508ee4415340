import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditListSchema, type AuditEntityType } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/audit?entityType&entityId: every change of one record, oldest first. */
export const fetchAuditEntries = (entityType: AuditEntityType, entityId: string) =>
  api(`/api/admin/audit?${new URLSearchParams({ entityType, entityId })}`, { auth: 'admin', schema: auditListSchema });
export const auditEntriesQuery = (entityType: AuditEntityType, entityId: string) =>
  queryOptions({ queryKey: ['admin', 'audit', entityType, entityId], queryFn: () => fetchAuditEntries(entityType, entityId) });
export const useAuditEntries = (entityType: AuditEntityType, entityId: string) => useQuery(auditEntriesQuery(entityType, entityId));
