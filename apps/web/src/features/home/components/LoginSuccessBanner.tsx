import { useLoginSuccessBanner } from '../hooks/useLoginSuccessBanner';

/** 'Successfully logged in!' for 3 s after login or sign-up. The live region stays mounted so it is announced. */
export function LoginSuccessBanner() {
  const visible = useLoginSuccessBanner();
  return (
    <div className="login-toast-region" role="status" aria-live="polite">
      {visible && (
        <p className="login-toast">
          <span className="login-toast__icon" aria-hidden="true">
            ✓
          </span>
          Successfully logged in!
        </p>
      )}
    </div>
  );
}
