import { Link } from 'react-router';
import { env } from '../../config/env';
import { LogoMark } from './logo';
import { SocialLinks } from './social-links';
import './footer.css';

export function Footer() {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <span className="footer__word">
            <LogoMark /> Facet
          </span>
          <p className="footer__tagline">
            Custom jewelry, from a sketch or a 3D model to the piece in your hand.
          </p>
        </div>
        <nav className="footer__nav" aria-label="Footer">
          <ul>
            <li>
              <Link to="/terms-of-service">Terms of Use</Link>
            </li>
            <li>
              <Link to="/terms-of-service#privacy">Privacy Policy</Link>
            </li>
            <li>
              <a href={env.contactUrl} target="_blank" rel="noreferrer noopener">
                Contact Us<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <SocialLinks />
      </div>
      <p className="footer__legal">© {year} Facet. All rights reserved.</p>
    </footer>
  );
}
