import { dataExportFileName, dataExportSchema, type DataExport } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/data-export: everything the shop holds about the shopper (docs/rules/personal-data.md). */
export const getDataExport = (): Promise<DataExport> => api('/api/users/data-export', { schema: dataExportSchema });

/** Fetches the export and saves it as `kujiya-data-{date}.json` (the name the server gives it too). */
export async function downloadMyData(): Promise<void> {
  const data = await getDataExport();
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(data.exportedAt.slice(0, 10));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser: the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
