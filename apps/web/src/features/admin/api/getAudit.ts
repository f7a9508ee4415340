import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditListSchema, type AuditEntityType } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/audit?entityType&entityId */
export const getAudit = (entityType: AuditEntityType, entityId: string) =>
  api(`/api/admin/audit?${new URLSearchParams({ entityType, entityId })}`, { auth: 'admin', schema: auditListSchema });

export const auditQuery = (entityType: AuditEntityType, entityId: string) =>
  queryOptions({ queryKey: ['admin', 'audit', entityType, entityId], queryFn: () => getAudit(entityType, entityId) });

export const useAudit = (entityType: AuditEntityType, entityId: string) => useQuery(auditQuery(entityType, entityId));
