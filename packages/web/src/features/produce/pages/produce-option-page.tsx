import { Link, useParams } from 'react-router';
import { Factory, FileUp, Gem, SearchX } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { useCatalog } from '../api/get-catalog';
import { itemTypeIdOf } from '../lib/configuration';
import './produce.css';

/**
 * /produce/{option}: one kind of piece (e.g. /produce/ring) as an entry into configuring it — upload a
 * model of it (the configurator starts with that item type) or start from the library's designs of it.
 * An option the catalog does not know says so and offers the whole produce page.
 */
export function ProduceOptionPage() {
  const { option = '' } = useParams();
  const catalog = useCatalog();
  const asked = option.replace(/[-_]+/g, ' ').trim();
  if (catalog.isPending) {
    return (
      <div className="page" aria-busy="true">
        <title>Produce · Facet</title>
        <Skeleton height="2rem" width="16rem" />
        <Skeleton height="8rem" radius="lg" />
      </div>
    );
  }
  const typeId = catalog.data ? itemTypeIdOf(catalog.data, asked) : null;
  const type = catalog.data?.itemTypes.find((t) => t.id === typeId);
  if (!type) {
    return (
      <div className="page">
        <title>Produce · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<SearchX />}
          eyebrow="Produce"
          title={asked ? `We do not produce “${asked}” yet` : 'Produce'}
          description="Choose from the kinds of pieces we produce, upload your own model or start from the design library."
          action={
            <>
              <Button asChild>
                <Link to="/produce">All production options</Link>
              </Button>
              <Button variant="secondary" asChild>
                <Link to="/produce/steps">Upload a 3D model</Link>
              </Button>
            </>
          }
        />
      </div>
    );
  }
  const name = type.name.toLowerCase();
  const typeParam = encodeURIComponent(type.name);
  return (
    <div className="page">
      <title>{`Produce a ${name} · Facet`}</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce</p>
          <h1 className="page__title">Produce a {name}</h1>
          <p className="page__lead">
            Cast in the metal you choose, polished, plated and engraved as you like, with an itemised price
            before you order.
          </p>
        </div>
      </div>
      <ul className="produce-options">
        <li>
          <Link to={`/produce/steps?type=${typeParam}`} className="produce-option">
            <FileUp aria-hidden="true" />
            <span className="produce-option__title">Upload your {name} model</span>
            <span className="produce-option__text">
              STL, OBJ, PLY or 3MF: priced as a {name} in every metal.
            </span>
          </Link>
        </li>
        <li>
          <Link to={`/produce/design?type=${typeParam}`} className="produce-option">
            <Gem aria-hidden="true" />
            <span className="produce-option__title">Start from a {name} in the library</span>
            <span className="produce-option__text">Ready designs you configure and order.</span>
          </Link>
        </li>
        <li>
          <Link to="/produce" className="produce-option">
            <Factory aria-hidden="true" />
            <span className="produce-option__title">Something else</span>
            <span className="produce-option__text">Every way to bring a piece to production.</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
