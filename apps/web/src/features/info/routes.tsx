import type { RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

// One lazily loaded chunk per static page.
export const infoRoutes: RouteObject[] = [
  {
    path: 'terms-and-conditions',
    handle: pageTitle('Terms and Conditions'),
    lazy: async () => ({ Component: (await import('./components/TermsPage')).TermsPage }),
  },
  {
    path: 'shipping-and-delivery',
    handle: pageTitle('Shipping and Delivery'),
    lazy: async () => ({ Component: (await import('./components/ShippingPage')).ShippingPage }),
  },
  {
    path: 'privacy',
    handle: pageTitle('Privacy'),
    lazy: async () => ({ Component: (await import('./components/PrivacyPage')).PrivacyPage }),
  },
  {
    path: 'faq',
    handle: pageTitle('FAQ'),
    lazy: async () => ({ Component: (await import('./components/FaqPage')).FaqPage }),
  },
  {
    path: 'about-us',
    handle: pageTitle('About Us'),
    lazy: async () => ({ Component: (await import('./components/AboutPage')).AboutPage }),
  },
  {
    path: 'how-it-works',
    handle: pageTitle('How It Works'),
    lazy: async () => ({ Component: (await import('./components/HowItWorksPage')).HowItWorksPage }),
  },
  {
    path: 'contact-us',
    handle: pageTitle('Contact Us'),
    lazy: async () => ({ Component: (await import('./components/ContactPage')).ContactPage }),
  },
  {
    path: 'blind-boxes-products',
    handle: pageTitle('Blind Boxes'),
    lazy: async () => ({ Component: (await import('./components/BlindBoxesPage')).BlindBoxesPage }),
  },
  {
    path: 'test-audio',
    handle: pageTitle('Audio Test'),
    lazy: async () => ({ Component: (await import('./components/TestAudioPage')).TestAudioPage }),
  },
];
