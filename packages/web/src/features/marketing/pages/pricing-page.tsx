import { PlanComparison } from '../../billing';
import './marketing.css';
import './pricing.css';

const FACTORS = [
  {
    title: 'Metal',
    text: 'Your model’s volume times the metal’s density gives its weight. The weight, at the metal’s rate plus casting loss and labour, is the casting price. Wax or resin printing of the model is added per piece.',
  },
  {
    title: 'Polish',
    text: 'Polishing is labour over the surface of the piece: satin polish costs less than a mirror high polish on the same model.',
  },
  {
    title: 'Plating',
    text: 'Priced by surface area, and only offered on metals that can be plated. Choose None to skip it.',
  },
  {
    title: 'Quantity',
    text: 'A fixed setup cost per order is shared by every piece, and larger runs earn quantity breaks, so the price per piece falls as you order more.',
  },
];

export function PricingPage() {
  return (
    <div className="prose-page">
      <title>Pricing · Facet</title>
      <header className="prose-page__hero">
        <p className="eyebrow">Pricing</p>
        <h1 className="prose-page__title">Clear prices, computed from your piece</h1>
        <p className="prose-page__lead">
          Production is priced from the model itself, never a guess: we measure its volume and surface, apply
          the metal, finish and quantity you choose, and show every line of the estimate before you order.
        </p>
      </header>

      <section className="prose-section" aria-labelledby="how-priced">
        <h2 id="how-priced" className="prose-section__title">
          How a piece is priced
        </h2>
        <p className="prose-section__lead">
          Estimates start with Sterling Silver, Satin Polish, no plating and a quantity of 1. Change any of
          them and the price follows.
        </p>
        <ol className="factor-list">
          {FACTORS.map((factor, i) => (
            <li key={factor.title} className="factor">
              <span className="factor__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="factor__title">{factor.title}</h3>
                <p className="factor__text">{factor.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="pricing-note">
          Options such as assembly and laser engraving are added per piece. Design work by a CAD designer is
          quoted by the designer in each project, as a total price and a lead time in days.
        </p>
      </section>

      <section className="prose-section" aria-labelledby="plans">
        <h2 id="plans" className="prose-section__title">
          Plans
        </h2>
        <p className="prose-section__lead">
          Every account starts on Standard. Pro and Business add monthly credits for AI designs and better
          terms for regular production.
        </p>
        <PlanComparison />
        <p className="pricing-note">
          Plans renew monthly on the card you pay with. An upgrade costs only the difference for the rest of
          the month; a downgrade or cancel takes effect at the end of the month you paid for.
        </p>
      </section>
    </div>
  );
}
