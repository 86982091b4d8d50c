import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { env } from '../../../config/env';
import { Button, Card, CardContent, EmptyState } from '../../../components/ui';
import './status-pages.css';

const NEXT_STEPS = [
  {
    title: 'We review your profile',
    text: 'Our production team looks at your skills, software and portfolio, usually within two business days.',
  },
  {
    title: 'You hear from us by email',
    text: 'We write to you when your account is approved, or ask for anything we still need.',
  },
  {
    title: 'Invitations start arriving',
    text: 'Once approved, customers can find your profile and invite you to their projects. You answer with an offer.',
  },
];

/** Designers and service providers wait here until staff approve them (spec section 4). */
export function PendingPage() {
  const { user, logout } = useAuth();
  const role = user?.role === 'service' ? 'service provider' : 'CAD designer';
  return (
    <div className="page status-page">
      <title>Account under review · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<Hourglass />}
        eyebrow="Application received"
        title="Your account is under review"
        description={`Thank you for applying to Facet as a ${role}${user?.firstName ? `, ${user.firstName}` : ''}. We check every professional before they can receive projects, so customers can trust who they invite.`}
      />
      <section className="status-page__steps" aria-labelledby="next-steps">
        <h2 id="next-steps" className="status-page__subtitle">
          What happens next
        </h2>
        <ol className="steps-list">
          {NEXT_STEPS.map((step, i) => (
            <li key={step.title}>
              <Card tone="outline" className="steps-list__card">
                <CardContent>
                  <span className="steps-list__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className="steps-list__title">{step.title}</h3>
                  <p className="steps-list__text">{step.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
        <div className="status-page__actions">
          <Button variant="secondary" asChild>
            <Link to="/account-settings">Review your account details</Link>
          </Button>
          <Button variant="ghost" asChild>
            <a href={env.helpCenterUrl} target="_blank" rel="noreferrer noopener">
              Visit the Help Center<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </Button>
          <Button variant="ghost" onClick={() => void logout()}>
            Log out
          </Button>
        </div>
      </section>
    </div>
  );
}
