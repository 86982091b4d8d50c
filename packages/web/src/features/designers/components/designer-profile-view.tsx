import type { ReactNode } from 'react';
import { ExternalLink, Star } from 'lucide-react';
import { Avatar, Card } from '../../../components/ui';
import type { DesignerProfile } from '../api/types';
import { formatRating, formatResponseRate } from '../lib/format';
import '../pages/designers.css';
import { skillLabel } from '@facet/domain/rules';

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <h3 className="detail-block__title">{title}</h3>
      <ul className="pro-card__tags">
        {items.map((i) => (
          <li key={i} className="pro-card__tag">
            {skillLabel(i)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A designer's or service provider's profile: ratings and reviews, skills, portfolio. */
export function DesignerProfileView({ designer, aside }: { designer: DesignerProfile; aside?: ReactNode }) {
  return (
    <div className="profile-layout">
      <Card as="section" tone="outline" className="profile-side" aria-label="Summary">
        <Avatar
          firstName={designer.firstName}
          lastName={designer.lastName}
          src={designer.avatarUrl}
          size="xl"
        />
        <h1 className="profile-side__name">{designer.name}</h1>
        <p className="pro-card__label">{designer.label}</p>
        {designer.address ? (
          <p className="designer-profile__meta">
            {[designer.address.city, designer.address.country].filter(Boolean).join(', ')}
          </p>
        ) : null}
        <p className="pro-card__rating">
          <Star
            aria-hidden="true"
            className={designer.rating ? 'pro-card__star pro-card__star--on' : 'pro-card__star'}
          />
          {formatRating(designer.rating)}
          {designer.ratingCount
            ? ` (${designer.ratingCount} review${designer.ratingCount === 1 ? '' : 's'})`
            : ''}
        </p>
        <dl className="profile-stats">
          <div>
            <dt>Response rate</dt>
            <dd>{formatResponseRate(designer.responseRate)}</dd>
          </div>
          <div>
            <dt>Response time</dt>
            <dd>{designer.responseTime}</dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>{designer.completedCount}</dd>
          </div>
          <div>
            <dt>Availability</dt>
            <dd>{designer.availability}</dd>
          </div>
        </dl>
        {aside}
      </Card>
      <div className="profile-main">
        <Card as="section" tone="outline" className="profile-section" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <p className="detail-block__text">{designer.bio || 'No bio yet.'}</p>
          {designer.portfolioLink ? (
            <p>
              <a href={designer.portfolioLink} target="_blank" rel="noreferrer" className="profile-link">
                Portfolio <ExternalLink aria-hidden="true" width={14} height={14} />
              </a>
            </p>
          ) : null}
        </Card>
        <Card as="section" tone="outline" className="profile-section" aria-labelledby="skills-title">
          <h2 id="skills-title">Skills</h2>
          <div className="profile-form">
            <List title="Specialties" items={designer.skills} />
            <List title="Software" items={designer.softwareSkills} />
            <List title="CAD skills" items={designer.cadSkills} />
            <List title="Software owned" items={designer.softwareOwn} />
            <List title="Service types" items={designer.serviceTypes} />
          </div>
        </Card>
        <Card as="section" tone="outline" className="profile-section" aria-labelledby="portfolio-title">
          <h2 id="portfolio-title">Portfolio</h2>
          {designer.portfolio.length ? (
            <ul className="portfolio-grid">
              {designer.portfolio.map((p) => (
                <li key={p.id}>
                  <a href={p.url} target="_blank" rel="noreferrer">
                    <img src={p.url} alt={p.name} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="detail-block__text">No portfolio pieces yet.</p>
          )}
        </Card>
        <Card as="section" tone="outline" className="profile-section" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Ratings and reviews</h2>
          {designer.ratings.length ? (
            <ul className="review-list">
              {designer.ratings.map((r) => (
                <li key={r.id} className="review">
                  <div className="review__head">
                    <strong>{r.customer.shortName}</strong>
                    <span aria-label={`${r.stars} of 5 stars`}>
                      {'★'.repeat(r.stars)}
                      {'☆'.repeat(5 - r.stars)}
                    </span>
                  </div>
                  {r.review ? <p className="detail-block__text">{r.review}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="detail-block__text">Not yet rated</p>
          )}
        </Card>
      </div>
    </div>
  );
}
