import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { LoginSuccessBanner } from './LoginSuccessBanner';
import { ProductLineBanners } from './ProductLineBanners';
import { PromoBanner } from './PromoBanner';
import './home.css';

// Below the first screen on a phone (the footer) or for wide windows only (the notice): loaded after
// the first paint, so `/` paints with less script (docs/performance.md). The footer comes last in the
// page, so showing it moves nothing above it.
const Footer = lazy(async () => ({ default: (await import('../../../components/layout/Footer')).Footer }));
const DesktopNotice = lazy(async () => ({ default: (await import('./DesktopNotice')).DesktopNotice }));

/** Home (/): promo banner, the two product lines, the footer; login banner and desktop popup on top. */
export function HomePage() {
  const painted = useAfterFirstPaint();
  return (
    <>
      <LoginSuccessBanner />
      <main className="page home">
        <PromoBanner />
        <ProductLineBanners />
      </main>
      {painted && (
        <Suspense fallback={null}>
          <Footer />
          <DesktopNotice />
        </Suspense>
      )}
    </>
  );
}
