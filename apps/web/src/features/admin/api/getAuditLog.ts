import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema, type AuditLogQuery } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/audit-log?page&actor&action&entityType&entityId&from&to (owners). */
export const getAuditLog = (query: AuditLogQuery) => {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
  return api(`/api/admin/audit-log?${params}`, { auth: 'admin', schema: auditLogResponseSchema });
};

export const auditLogQuery = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQuery(query));
