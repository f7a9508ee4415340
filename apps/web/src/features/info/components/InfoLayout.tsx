import { useLayoutEffect, type ReactNode } from 'react';
import { Footer } from '../../../components/layout/Footer';
import './info.css';

/** Frame of every static info page: a titled header, readable prose, the footer. */
export function InfoLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  // Footer links are clicked at the bottom of a page; the next page starts at its top.
  // (Braces matter: newer browsers return a promise from scrollTo, which must not become the cleanup.)
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <main className="page info-page">
        <header className="info-hero">
          <p className="info-hero__eyebrow">Kujiya</p>
          <h1 className="info-hero__title">{title}</h1>
          {lead && <p className="info-hero__lead">{lead}</p>}
        </header>
        <article className="prose">{children}</article>
      </main>
      <Footer />
    </>
  );
}
