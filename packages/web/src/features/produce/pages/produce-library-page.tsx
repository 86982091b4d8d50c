import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Circle, CircleDot, Lock, Square } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, Spinner } from '../../../components/ui';
import { useModelUpload } from '../hooks/use-model-upload';
import {
  LIBRARY_DESIGNS,
  designAccess,
  designFile,
  membershipOf,
  type LibraryDesign,
} from '../lib/library-designs';
import { uploadMessages } from '../lib/upload-machine';
import type { Model } from '../lib/types';
import './produce.css';

const ART = { Ring: Circle, Charm: CircleDot, Pendant: Square, Earring: CircleDot } as const;

/** /produce/design: library designs to configure and order, gated by membership (spec section 5). */
export function ProduceLibraryPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const membership = membershipOf(user?.membership.name);
  const [chosen, setChosen] = useState<LibraryDesign | null>(null);
  const onReady = useCallback(
    (model: Model) =>
      navigate(
        `/produce/steps?model=${encodeURIComponent(model.id)}${chosen ? `&design=${encodeURIComponent(chosen.id)}` : ''}`,
      ),
    [navigate, chosen],
  );
  const { state, upload } = useModelUpload(onReady);
  const busy = state.status === 'preparing' || state.status === 'uploading' || state.status === 'analysing';

  return (
    <div className="page">
      <title>Design library · Facet</title>
      <Link to="/produce" className="back-link">
        <ArrowLeft aria-hidden="true" /> Produce
      </Link>
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce · Library</p>
          <h1 className="page__title">Design library</h1>
          <p className="page__lead">
            Finished Facet designs, ready to configure in your metal and order. Your membership: {membership}.
          </p>
        </div>
      </div>
      <ul className="library-grid">
        {LIBRARY_DESIGNS.map((design) => {
          const access = designAccess(design, membership);
          const Art = ART[design.itemType];
          const working = busy && chosen?.id === design.id;
          return (
            <li key={design.id}>
              <article className="library-card" aria-labelledby={`design-${design.id}`}>
                <div className="library-card__art" aria-hidden="true">
                  <Art />
                </div>
                <p className="eyebrow">{design.itemType}</p>
                <h2 id={`design-${design.id}`} className="library-card__title">
                  {design.name}
                </h2>
                <p className="library-card__text">{design.description}</p>
                <p className="library-card__meta">
                  {design.sizeLabel} · {design.membership} membership
                </p>
                {access.ok ? (
                  <>
                    {access.note ? <p className="library-card__note">{access.note}</p> : null}
                    <Button
                      onClick={() => {
                        setChosen(design);
                        upload(designFile(design));
                      }}
                      loading={working}
                      disabled={busy && !working}
                    >
                      Configure and price
                    </Button>
                    {working ? (
                      <p className="library-card__status" role="status">
                        <Spinner size="sm" label={null} />
                        {state.status === 'analysing' ? uploadMessages.analysing : 'Preparing the design…'}
                      </p>
                    ) : null}
                    {state.status === 'failed' && chosen?.id === design.id ? (
                      <p className="form-error" role="alert">
                        {state.message}
                      </p>
                    ) : null}
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
            </li>
          );
        })}
      </ul>
    </div>
  );
}
