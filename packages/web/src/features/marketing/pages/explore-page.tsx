import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/ui';
import { PieceIcon } from '../components/jewel-art';
import './marketing.css';

const PIECES = [
  {
    kind: 'ring',
    title: 'Rings',
    text: 'Solitaires, bands, signets and stacking rings, sized to the wearer.',
  },
  { kind: 'necklace', title: 'Necklaces', text: 'Pendants, charms and name pieces on the chain you pick.' },
  { kind: 'earring', title: 'Earrings', text: 'Studs, drops and hoops, produced as matched pairs.' },
  { kind: 'bracelet', title: 'Bracelets', text: 'Cuffs, bangles and link bracelets, engraved if you like.' },
] as const;

const METALS = [
  {
    name: 'Sterling Silver',
    color: 'linear-gradient(135deg,#f4f4f2,#b9bcbf)',
    text: 'Bright, durable, our default.',
  },
  { name: 'Yellow Gold', color: 'linear-gradient(135deg,#f6e3a1,#c9a13f)', text: '10k, 14k and 18k.' },
  { name: 'Rose Gold', color: 'linear-gradient(135deg,#f4d3c4,#c98a72)', text: 'Warm, with a copper blush.' },
  { name: 'White Gold', color: 'linear-gradient(135deg,#fbfaf6,#cfcbc0)', text: 'Often rhodium plated.' },
  { name: 'Platinum', color: 'linear-gradient(135deg,#eef0f1,#9ea3a8)', text: 'Dense, rare, for heirlooms.' },
  {
    name: 'Brass & Bronze',
    color: 'linear-gradient(135deg,#ecd29a,#a4793a)',
    text: 'For prototypes and fashion.',
  },
];

const FINISHES = [
  { title: 'Satin Polish', text: 'A soft, brushed glow that hides everyday wear. Our default finish.' },
  { title: 'High Polish', text: 'A mirror surface on every face, for maximum sparkle.' },
  { title: 'Plating', text: 'Rhodium, yellow or rose gold over a base metal that can be plated.' },
  { title: 'Laser engraving', text: 'Names, dates or marks inside a band or on a pendant.' },
  { title: 'Assembly', text: 'Multi-part pieces joined, set and finished by hand.' },
];

export function ExplorePage() {
  const { user } = useAuth();
  return (
    <div className="prose-page">
      <title>Explore · Facet</title>
      <header className="prose-page__hero">
        <p className="eyebrow">Explore</p>
        <h1 className="prose-page__title">What you can make with Facet</h1>
        <p className="prose-page__lead">
          Anything that can be modelled and cast: from a single engagement ring to a collection of a hundred
          pendants. Here are the pieces, metals and finishes our workshop produces.
        </p>
      </header>

      <section className="prose-section" aria-labelledby="pieces">
        <h2 id="pieces" className="prose-section__title">
          Pieces
        </h2>
        <p className="prose-section__lead">
          Each piece type has its own defaults for size and thickness, so your estimate starts in the right
          place.
        </p>
        <ul className="tile-grid">
          {PIECES.map((piece) => (
            <li key={piece.kind}>
              <div className="tile">
                <span className="tile__art">
                  <PieceIcon kind={piece.kind} />
                </span>
                <h3 className="tile__title">{piece.title}</h3>
                <p className="tile__text">{piece.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="prose-section" aria-labelledby="metals">
        <h2 id="metals" className="prose-section__title">
          Metals
        </h2>
        <p className="prose-section__lead">
          The metal decides most of the price: its density gives the weight of your model, and its market rate
          the cost of casting it.
        </p>
        <ul className="tile-grid">
          {METALS.map((metal) => (
            <li key={metal.name}>
              <div className="tile">
                <span className="swatch" style={{ background: metal.color }} aria-hidden="true" />
                <h3 className="tile__title">{metal.name}</h3>
                <p className="tile__text">{metal.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="prose-section" aria-labelledby="finishes">
        <h2 id="finishes" className="prose-section__title">
          Finishes and options
        </h2>
        <p className="prose-section__lead">
          Chosen per piece, priced by the surface they cover or per option.
        </p>
        <ul className="tile-grid">
          {FINISHES.map((finish) => (
            <li key={finish.title}>
              <div className="tile">
                <h3 className="tile__title">{finish.title}</h3>
                <p className="tile__text">{finish.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="prose-section" aria-labelledby="pros">
        <h2 id="pros" className="prose-section__title">
          For designers and service providers
        </h2>
        <p className="prose-section__lead">
          Facet brings customers with real projects to CAD designers and craftspeople. Apply once, get
          reviewed by our production team, then receive invitations, send offers and get paid when the work is
          delivered.
        </p>
        <Button asChild>
          <Link to={user ? '/dashboard' : '/onboarding'}>{user ? 'Go to your dashboard' : 'Join Facet'}</Link>
        </Button>
      </section>
    </div>
  );
}
