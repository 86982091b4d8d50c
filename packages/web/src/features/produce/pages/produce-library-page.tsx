import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertTriangle, ArrowLeft, Circle, CircleDot, Gem, Lock, ShoppingBag, Square } from 'lucide-react';
import { Button, Field, Input, Skeleton, SkeletonText, Spinner, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useLibrary } from '../api/get-library';
import { useCopyLibraryDesign } from '../api/copy-library-design';
import { useAddToCart } from '../api/add-to-cart';
import { parseQuantity } from '../lib/configuration';
import { formatSize } from '../lib/format';
import type { LibraryProduct } from '../lib/types';
import './produce.css';

const ART: Record<string, typeof Circle> = {
  Ring: Circle,
  Charm: CircleDot,
  Pendant: Square,
  Earring: CircleDot,
};

function Header({ membership }: { membership?: string }) {
  return (
    <>
      <Link to="/produce" className="back-link">
        <ArrowLeft aria-hidden="true" /> Produce
      </Link>
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce · Library</p>
          <h1 className="page__title">Design library</h1>
          <p className="page__lead">
            Finished Facet designs, ready to configure in your metal and order.
            {membership ? ` Your membership: ${membership}.` : null}
          </p>
        </div>
      </div>
    </>
  );
}

function LoadingCards() {
  return (
    <div aria-busy="true">
      <Spinner label="Loading the design library" className="visually-hidden" />
      <ul className="library-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <div className="library-card">
              <Skeleton height="8rem" radius="md" />
              <Skeleton width="30%" height="0.8rem" />
              <Skeleton width="70%" height="1.6rem" />
              <SkeletonText lines={2} />
              <Skeleton width="9rem" height="2.5rem" radius="pill" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Straight to the cart with the catalog's default metal and finish (the server prices it). */
function QuickAdd({ design }: { design: LibraryProduct }) {
  const least = Math.max(1, design.access.minPieces);
  const [text, setText] = useState(String(least));
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddToCart();
  const navigate = useNavigate();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantity(text, least);
    if (!parsed.ok) {
      setProblem(
        design.access.minimumText && /^\d+$/.test(text.trim()) ? design.access.minimumText : parsed.message,
      );
      return;
    }
    setProblem(null);
    add.mutate(
      { libraryProductId: design.id, choices: {}, quantity: parsed.quantity },
      {
        onSuccess: (line) =>
          toast({
            title: 'Added to your cart',
            description: `${line.title}: ${line.quantity.toLocaleString('en-US')} ${line.quantity === 1 ? 'piece' : 'pieces'} in ${line.configuration.material.name}.`,
            action: { label: 'View cart', altText: 'View your cart', onClick: () => void navigate('/cart') },
          }),
        onError: (e) => setProblem(errorMessage(e)),
      },
    );
  };
  return (
    <form className="library-card__add" onSubmit={submit} noValidate>
      <Field label="Quantity" error={problem}>
        <Input
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={`Quantity of ${design.name}`}
        />
      </Field>
      <Button type="submit" variant="secondary" loading={add.isPending}>
        <ShoppingBag aria-hidden="true" /> Add to cart
      </Button>
    </form>
  );
}

function DesignCard({
  design,
  working,
  busy,
  error,
  onUse,
}: {
  design: LibraryProduct;
  working: boolean;
  busy: boolean;
  error: string | null;
  onUse: () => void;
}) {
  const Art = ART[design.itemType] ?? Gem;
  const { access } = design;
  return (
    <article className="library-card" aria-labelledby={`design-${design.slug}`}>
      <div className="library-card__art" aria-hidden="true">
        <Art />
      </div>
      <p className="eyebrow">{design.itemType}</p>
      <h2 id={`design-${design.slug}`} className="library-card__title">
        {design.name}
      </h2>
      <p className="library-card__text">{design.description}</p>
      <p className="library-card__meta">
        {formatSize(design.sizeMm)} · {design.membership} membership
      </p>
      {access.allowed ? (
        <>
          {access.minimumText ? <p className="library-card__note">{access.minimumText}</p> : null}
          <Button onClick={onUse} loading={working} disabled={busy && !working}>
            Use this design
          </Button>
          {working ? (
            <p className="library-card__status" role="status">
              <Spinner size="sm" label={null} />
              Preparing the design…
            </p>
          ) : null}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <QuickAdd design={design} />
        </>
      ) : (
        <>
          <p className="library-card__locked">
            <Lock aria-hidden="true" /> {access.message}
          </p>
          <Button variant="secondary" asChild>
            <Link to="/account-settings">See membership plans</Link>
          </Button>
        </>
      )}
    </article>
  );
}

/** /produce/design: the library designs with my access to each, as the server decided (spec section 5). */
export function ProduceLibraryPage() {
  const navigate = useNavigate();
  const library = useLibrary();
  // /produce/{option} sends one kind of piece here (?type=Ring): the designs of that kind, with a way back to all
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const products = library.data
    ? library.data.products.filter((p) => !type || p.itemType.toLowerCase() === type.toLowerCase())
    : [];
  const copy = useCopyLibraryDesign();

  const use = (design: LibraryProduct) =>
    copy.mutate(design.id, {
      onSuccess: (model) => void navigate(`/produce/steps?model=${encodeURIComponent(model.id)}`),
    });

  return (
    <div className="page">
      <title>Design library · Facet</title>
      <Header membership={library.data?.membership} />
      {library.isError ? (
        <div className="produce-error" role="alert">
          <AlertTriangle aria-hidden="true" />
          <p>The design library could not be loaded. {errorMessage(library.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void library.refetch()}>
            Try again
          </Button>
        </div>
      ) : !library.data ? (
        <LoadingCards />
      ) : library.data.products.length === 0 ? (
        <p className="page__lead">The library has no designs yet.</p>
      ) : (
        <>
          {type ? (
            <p className="library-filter" role="status">
              {products.length > 0
                ? `Showing ${type.toLowerCase()} designs (${products.length}).`
                : `The library has no ${type.toLowerCase()} designs yet.`}{' '}
              <button type="button" className="link-button" onClick={() => setParams({})}>
                Show every design
              </button>
            </p>
          ) : null}
          <ul className="library-grid">
            {products.map((design) => (
              <li key={design.id}>
                <DesignCard
                  design={design}
                  working={copy.isPending && copy.variables === design.id}
                  busy={copy.isPending}
                  error={copy.isError && copy.variables === design.id ? errorMessage(copy.error) : null}
                  onUse={() => use(design)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
