import type { RouteObject } from 'react-router';

// One lazily loaded chunk per static page.
export const infoRoutes: RouteObject[] = [
  {
    path: 'terms-and-conditions',
    lazy: async () => ({ Component: (await import('./components/TermsPage')).TermsPage }),
  },
  {
    path: 'shipping-and-delivery',
    lazy: async () => ({ Component: (await import('./components/ShippingPage')).ShippingPage }),
  },
  { path: 'faq', lazy: async () => ({ Component: (await import('./components/FaqPage')).FaqPage }) },
  { path: 'about-us', lazy: async () => ({ Component: (await import('./components/AboutPage')).AboutPage }) },
  {
    path: 'how-it-works',
    lazy: async () => ({ Component: (await import('./components/HowItWorksPage')).HowItWorksPage }),
  },
  { path: 'contact-us', lazy: async () => ({ Component: (await import('./components/ContactPage')).ContactPage }) },
  {
    path: 'blind-boxes-products',
    lazy: async () => ({ Component: (await import('./components/BlindBoxesPage')).BlindBoxesPage }),
  },
  {
    path: 'test-audio',
    lazy: async () => ({ Component: (await import('./components/TestAudioPage')).TestAudioPage }),
  },
];
