import { DEVICE_ID_HEADER } from '@kujiya/shared';
import { newIdempotencyKey } from './api-client';
import { storageKeys } from './storage';

/**
 * The header naming this browser at sign-in (docs/rules/accounts.md, "Sessions and devices"): a random
 * id made once and kept in localStorage, so a login from here is recognised as a known device. Without
 * storage the header is left out and the server recognises the device by its User-Agent.
 */
export function deviceIdHeaders(): Record<string, string> {
  try {
    let id = localStorage.getItem(storageKeys.deviceId);
    if (!id) {
      id = newIdempotencyKey();
      localStorage.setItem(storageKeys.deviceId, id);
    }
    return { [DEVICE_ID_HEADER]: id };
  } catch {
    return {};
  }
}
