import { useCallback, useState } from 'react';
import { readJson, storageKeys } from '../../lib/storage';

/** Ids of the announcements this browser dismissed, kept in local storage. */
export function useDismissedAnnouncements() {
  const [dismissed, setDismissed] = useState<string[]>(
    () => readJson<string[]>(localStorage, storageKeys.dismissedAnnouncements) ?? [],
  );
  const dismiss = useCallback((id: string) => {
    setDismissed((current) => {
      // Only the latest few are kept: old announcements have ended anyway.
      const next = [...current.filter((other) => other !== id), id].slice(-20);
      localStorage.setItem(storageKeys.dismissedAnnouncements, JSON.stringify(next));
      return next;
    });
  }, []);
  return { dismissed, dismiss };
}
