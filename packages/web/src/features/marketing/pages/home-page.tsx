import { Link } from 'react-router';
import {
  ArrowRight,
  Calculator,
  Gem,
  Hammer,
  MessageCircle,
  PenTool,
  ShieldCheck,
  Upload,
  Users,
} from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/ui';
import { RingArt } from '../components/jewel-art';
import './marketing.css';

const FEATURES = [
  {
    icon: Calculator,
    title: 'A price in seconds',
    text: 'Upload an STL, OBJ, PLY or 3MF model. We measure its volume and surface and price it in the metal, polish and plating you choose, line by line.',
  },
  {
    icon: PenTool,
    title: 'Designers who know metal',
    text: 'Invite reviewed CAD designers to turn a sketch or an idea into a model that can be cast. Compare their offers by price and lead time.',
  },
  {
    icon: Hammer,
    title: 'Made in our workshop',
    text: 'We print, cast, polish, plate and check every piece, then ship it to you. You follow each stage and know the promised date.',
  },
];

const STEPS = [
  {
    icon: Upload,
    title: 'Upload or describe',
    text: 'Bring a 3D model, or describe the piece you imagine: a ring, a pendant, earrings, a bracelet.',
  },
  {
    icon: Gem,
    title: 'Choose materials',
    text: 'Sterling silver to platinum; satin or high polish; plating, engraving and quantity. The price updates as you go.',
  },
  {
    icon: Users,
    title: 'Invite a designer',
    text: 'Need a model made or refined? Invite designers to your project, compare offers and accept the one you like.',
  },
  {
    icon: MessageCircle,
    title: 'Pay, chat, receive',
    text: 'Pay securely, talk with your designer and our production team in one place, request changes and receive your piece.',
  },
];

const AUDIENCES = [
  {
    title: 'Customers',
    who: 'Jewelers, brands and anyone with an idea',
    text: 'Price and produce your own models, or commission one. One piece or a collection.',
    cta: 'Start your piece',
  },
  {
    title: 'CAD designers',
    who: 'Jewelry modellers, freelance or studio',
    text: 'Receive briefs from customers, answer with your price and lead time, and get paid when the work is delivered.',
    cta: 'Apply as a designer',
  },
  {
    title: 'Service providers',
    who: 'Setters, engravers, finishers, printers',
    text: 'Offer your craft on production projects: stone setting, engraving, finishing and more.',
    cta: 'Apply as a provider',
  },
];

export function HomePage() {
  const { user } = useAuth();
  const startTo = user ? '/dashboard' : '/onboarding';
  return (
    <div className="marketing">
      <title>Facet — custom jewelry, from idea to piece</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="eyebrow">Custom jewelry, made to order</p>
          <h1 id="hero-title" className="hero__title">
            From an idea to the piece <em>in your hand</em>.
          </h1>
          <p className="hero__lead">
            Upload a 3D model or describe what you imagine. Facet prices it instantly in the metal you choose,
            pairs you with vetted CAD designers, and casts, polishes and delivers the finished piece.
          </p>
          <div className="hero__actions">
            <Button size="lg" asChild>
              <Link to={startTo}>
                {user ? 'Go to your dashboard' : 'Start your piece'}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="secondary" asChild>
              <Link to="/pricing">How pricing works</Link>
            </Button>
          </div>
          <ul className="hero__proof">
            <li>
              <ShieldCheck aria-hidden="true" /> Every designer reviewed
            </li>
            <li>
              <Calculator aria-hidden="true" /> Itemised, instant prices
            </li>
            <li>
              <Gem aria-hidden="true" /> Silver, gold and platinum
            </li>
          </ul>
        </div>
        <div className="hero__art">
          <RingArt className="hero__ring" />
          <div className="hero__quote" aria-hidden="true">
            <p className="hero__quote-title">Instant estimate</p>
            <dl>
              <div>
                <dt>Metal</dt>
                <dd>Sterling Silver</dd>
              </div>
              <div>
                <dt>Polish</dt>
                <dd>Satin Polish</dd>
              </div>
              <div>
                <dt>Plating</dt>
                <dd>None</dd>
              </div>
              <div>
                <dt>Quantity</dt>
                <dd>1</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <section className="band" aria-labelledby="what-title">
        <div className="band__inner">
          <p className="eyebrow">What Facet does</p>
          <h2 id="what-title" className="section-title">
            One place for the whole journey of a piece
          </h2>
          <ul className="feature-grid">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="feature">
                <span className="feature__icon" aria-hidden="true">
                  <Icon />
                </span>
                <h3 className="feature__title">{title}</h3>
                <p className="feature__text">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="band band--porcelain" aria-labelledby="how-title">
        <div className="band__inner">
          <p className="eyebrow">How it works</p>
          <h2 id="how-title" className="section-title">
            Four steps from model to delivery
          </h2>
          <ol className="how-steps">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="how-step">
                <span className="how-step__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <Icon className="how-step__icon" aria-hidden="true" />
                <h3 className="how-step__title">{title}</h3>
                <p className="how-step__text">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="band" aria-labelledby="who-title">
        <div className="band__inner">
          <p className="eyebrow">Who it is for</p>
          <h2 id="who-title" className="section-title">
            Made for the people who make jewelry
          </h2>
          <ul className="audience-grid">
            {AUDIENCES.map((audience) => (
              <li key={audience.title} className="audience">
                <h3 className="audience__title">{audience.title}</h3>
                <p className="audience__who">{audience.who}</p>
                <p className="audience__text">{audience.text}</p>
                <Link to={user ? '/dashboard' : '/onboarding'} className="audience__link">
                  {user ? 'Open your dashboard' : audience.cta}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="cta-band__inner">
          <h2 id="cta-title" className="cta-band__title">
            Your next piece starts with a sketch.
          </h2>
          <p className="cta-band__text">
            Create a free account in a few minutes. You only pay when you order.
          </p>
          <Button size="lg" variant="secondary" asChild>
            <Link to={startTo}>{user ? 'Go to your dashboard' : 'Get started'}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
