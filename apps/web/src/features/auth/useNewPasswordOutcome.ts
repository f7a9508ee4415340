import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, serverMessageOf } from '../../lib/api-client';
import type { LoginState } from '../../lib/auth-navigation';

const passwordResetNotice = 'Password has been reset successfully.';

/**
 * What follows a new password, set by link or by code (docs/rules/accounts.md): Sign In with the notice in
 * green, or the failure's text for the form.
 */
export function useNewPasswordOutcome() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  return {
    error,
    clearError: () => setError(''),
    onSuccess: () => navigate('/login', { replace: true, state: { notice: passwordResetNotice } satisfies LoginState }),
    onError: (failure: Error) => {
      if (failure instanceof ApiError) setError(serverMessageOf(failure) ?? 'Failed to reset password');
      else setError('An error occurred while resetting your password.');
    },
  };
}
