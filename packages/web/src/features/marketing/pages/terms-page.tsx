import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { TERMS, TERMS_UPDATED } from './terms-content';
import './marketing.css';
import './terms.css';

export function TermsPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="prose-page terms">
      <title>Terms of Use · Facet</title>
      <header className="prose-page__hero">
        <p className="eyebrow">Legal</p>
        <h1 className="prose-page__title">Terms of Use</h1>
        <p className="prose-page__lead">
          The agreement between you and Facet when you price, design, order, or offer your work on Facet. Last
          updated {TERMS_UPDATED}.
        </p>
      </header>
      <div className="terms__layout">
        <nav className="terms__toc" aria-label="Sections">
          <p className="terms__toc-title">Sections</p>
          <ol>
            {TERMS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="terms__body">
          {TERMS.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              className="terms__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className="terms__heading">
                <span className="terms__number">{i + 1}.</span> {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="terms__paragraph">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
