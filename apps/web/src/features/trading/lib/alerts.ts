import { ApiError, serverMessageOf } from '../../../lib/api-client';

/**
 * The text to show after a failed trade call: the server's own message when it answered with one
 * (a 403 explains itself, e.g. an offer on one's own trade), else `failed`; `errored` when no answer came.
 */
export function tradeFailureText(error: unknown, failed: string, errored: string): string {
  if (!(error instanceof ApiError)) return errored;
  return serverMessageOf(error) ?? failed;
}
