import type { RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

/** Public account routes: sign in, sign up with an e-mail code, password recovery (code and link). */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: pageTitle('Sign In'),
    lazy: async () => ({ Component: (await import('./components/LoginPage')).LoginPage }),
  },
  {
    path: 'verify-email',
    handle: pageTitle('Continue with Email'),
    lazy: async () => ({ Component: (await import('./components/VerifyEmailPage')).VerifyEmailPage }),
  },
  {
    path: 'verify',
    handle: pageTitle('Enter Verification Code'),
    lazy: async () => ({ Component: (await import('./components/VerifyPage')).VerifyPage }),
  },
  {
    path: 'sign-up',
    handle: pageTitle('Sign Up'),
    lazy: async () => ({ Component: (await import('./components/SignUpPage')).SignUpPage }),
  },
  {
    path: 'change-password',
    handle: pageTitle('Change Password'),
    lazy: async () => ({ Component: (await import('./components/ChangePasswordPage')).ChangePasswordPage }),
  },
  {
    path: 'reset-password-verify',
    handle: pageTitle('Forgot Password'),
    lazy: async () => ({ Component: (await import('./components/ResetPasswordVerifyPage')).ResetPasswordVerifyPage }),
  },
  {
    path: 'reset-password/:token',
    handle: pageTitle('Reset Password'),
    lazy: async () => ({ Component: (await import('./components/ResetPasswordPage')).ResetPasswordPage }),
  },
];
