import { useEffect } from 'react';
import { Footer } from '../../../components/layout/Footer';
import { DesktopNotice } from './DesktopNotice';
import { LoginSuccessBanner } from './LoginSuccessBanner';
import { ProductLineBanners } from './ProductLineBanners';
import { PromoBanner } from './PromoBanner';
import './home.css';

/** Home (/): promo banner, the two product lines, the footer; login banner and desktop popup on top. */
export function HomePage() {
  useEffect(() => {
    document.title = 'Kujiya · Ichiban Kuji in Singapore';
  }, []);
  return (
    <>
      <LoginSuccessBanner />
      <main className="page home">
        <PromoBanner />
        <ProductLineBanners />
      </main>
      <Footer />
      <DesktopNotice />
    </>
  );
}
