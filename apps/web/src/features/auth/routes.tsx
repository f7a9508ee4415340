import type { RouteObject } from 'react-router';

/** Public account routes: sign in, sign up with an e-mail code, password recovery (code and link). */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./components/LoginPage')).LoginPage }) },
  {
    path: 'verify-email',
    lazy: async () => ({ Component: (await import('./components/VerifyEmailPage')).VerifyEmailPage }),
  },
  { path: 'verify', lazy: async () => ({ Component: (await import('./components/VerifyPage')).VerifyPage }) },
  { path: 'sign-up', lazy: async () => ({ Component: (await import('./components/SignUpPage')).SignUpPage }) },
  {
    path: 'change-password',
    lazy: async () => ({ Component: (await import('./components/ChangePasswordPage')).ChangePasswordPage }),
  },
  {
    path: 'reset-password-verify',
    lazy: async () => ({ Component: (await import('./components/ResetPasswordVerifyPage')).ResetPasswordVerifyPage }),
  },
  {
    path: 'reset-password/:token',
    lazy: async () => ({ Component: (await import('./components/ResetPasswordPage')).ResetPasswordPage }),
  },
];
