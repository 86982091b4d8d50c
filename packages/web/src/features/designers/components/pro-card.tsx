import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, MessageSquareReply, Star } from 'lucide-react';
import { Avatar, Card, Skeleton } from '../../../components/ui';
import { formatRating, formatResponseRate, shortName } from '../lib/format';
import './pro-card.css';
import { skillLabel } from '@facet/domain/rules';

export type ProCardData = {
  id: string;
  role: 'designer' | 'service';
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  rating: number | null;
  /** Designer: skills, software and CAD skills already joined (max 5). Service: service types. */
  tags: string[];
  /** 0..100 or null. */
  responseRate: number | null;
  /** Measured from invitation and message timestamps by the server, e.g. 'Within 5 hours' or 'No data yet'. */
  responseTime: string;
};

/**
 * The designer card and the service provider card (spec section 2): avatar, first name + last initial, the
 * role label, rating, tags or service types, response rate and response time, and an action (the invite
 * button).
 */
export function ProCard({
  pro,
  action,
  profileHref,
}: {
  pro: ProCardData;
  action?: ReactNode;
  /** When set, the name links to the public profile. */
  profileHref?: string;
}) {
  const name = shortName(pro.firstName, pro.lastName);
  const label = pro.role === 'service' ? 'Service Provider' : 'CAD Designer';
  const rating = formatRating(pro.rating);
  return (
    <Card as="article" tone="outline" className="pro-card" aria-label={name}>
      <div className="pro-card__head">
        <Avatar firstName={pro.firstName} lastName={pro.lastName} src={pro.avatarUrl} size="lg" />
        <div className="pro-card__who">
          <h3 className="pro-card__name">{profileHref ? <Link to={profileHref}>{name}</Link> : name}</h3>
          <p className="pro-card__label">{label}</p>
        </div>
      </div>
      <p className="pro-card__rating" data-testid="rating">
        <Star
          aria-hidden="true"
          className={pro.rating ? 'pro-card__star pro-card__star--on' : 'pro-card__star'}
        />
        <span>{rating}</span>
      </p>
      {pro.tags.length ? (
        <ul className="pro-card__tags" aria-label={pro.role === 'service' ? 'Service types' : 'Specialties'}>
          {pro.tags.map((tag) => (
            <li key={tag} className="pro-card__tag">
              {skillLabel(tag)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="pro-card__tags-empty">No specialties listed</p>
      )}
      <dl className="pro-card__stats">
        <div>
          <dt>
            <MessageSquareReply aria-hidden="true" /> Response rate
          </dt>
          <dd data-testid="response-rate">{formatResponseRate(pro.responseRate)}</dd>
        </div>
        <div>
          <dt>
            <Clock aria-hidden="true" /> Response time
          </dt>
          <dd data-testid="response-time">{pro.responseTime}</dd>
        </div>
      </dl>
      {action ? <div className="pro-card__action">{action}</div> : null}
    </Card>
  );
}

/** The loading placeholder for one card. */
export function ProCardSkeleton() {
  return (
    <div className="pro-card pro-card--skeleton card card--outline" data-testid="pro-card-skeleton">
      <div className="pro-card__head">
        <Skeleton width="3.5rem" height="3.5rem" radius="pill" />
        <div className="pro-card__who">
          <Skeleton width="8rem" height="1rem" />
          <Skeleton width="6rem" height="0.8rem" />
        </div>
      </div>
      <Skeleton width="5rem" height="0.9rem" />
      <Skeleton width="100%" height="1.6rem" radius="pill" />
      <Skeleton width="100%" height="2.5rem" />
      <Skeleton width="100%" height="2.25rem" radius="md" />
    </div>
  );
}
