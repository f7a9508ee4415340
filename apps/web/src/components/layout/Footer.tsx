import { Link } from 'react-router';
import './footer.css';

/** The info pages every visitor can reach from the footer. */
export const footerLinks = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/shipping-and-delivery', label: 'Shipping and Delivery' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about-us', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/privacy', label: 'Privacy' },
] as const;

const socialLinks = [
  { href: 'https://www.instagram.com/kujiya.sg', label: 'Kujiya on Instagram', icon: <InstagramIcon /> },
  { href: 'https://www.tiktok.com/@kujiya.sg', label: 'Kujiya on TikTok', icon: <TikTokIcon /> },
];

/** Shop footer: info page links, social links and the copyright line. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            Kujiya
          </Link>
          <p className="site-footer__tagline">Ichiban Kuji prize draws, made for Singapore.</p>
        </div>
        <nav aria-label="Information" className="site-footer__nav">
          <ul>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="site-footer__social" aria-label="Follow us">
          {socialLinks.map((social) => (
            <li key={social.href}>
              <a href={social.href} target="_blank" rel="noopener noreferrer" aria-label={social.label}>
                {social.icon}
              </a>
            </li>
          ))}
        </ul>
        <p className="site-footer__copyright">© 2025 Kujiya</p>
      </div>
    </footer>
  );
}

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4.2" />
      <circle cx="17.4" cy="6.6" r="1.1" fill="currentColor" stroke="none" />
    </svg>
  );
}

function TikTokIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
      <path d="M16.6 3c.3 2.3 1.7 3.9 4 4.1v3.1c-1.5.1-2.8-.4-4-1.2v6.2c0 3.6-2.6 5.8-5.7 5.8-3.2 0-5.5-2.5-5.3-5.6.2-3 2.8-5.2 6-4.9v3.2c-1.5-.3-2.9.6-3 2-.1 1.4 1 2.4 2.3 2.4 1.4 0 2.4-.9 2.4-2.7V3h3.3z" />
    </svg>
  );
}
