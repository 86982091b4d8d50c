import { Link } from 'react-router';
import { ArrowRight, FileUp, Library } from 'lucide-react';
import { Card, CardContent, CardDescription, CardTitle } from '../../../components/ui';
import './produce.css';

const OPTIONS = [
  {
    to: '/produce/steps',
    icon: FileUp,
    title: 'Upload your 3D model',
    text: 'STL, OBJ, PLY or 3MF. We measure volume and surface, check that it can be cast, and price it in your chosen metal instantly.',
  },
  {
    to: '/produce/design',
    icon: Library,
    title: 'Choose from the library',
    text: 'Start from a finished Facet design or one of your saved designs and configure it for production.',
  },
] as const;

export function ProducePage() {
  return (
    <div className="page">
      <title>Produce · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce</p>
          <h1 className="page__title">Bring a piece to production</h1>
          <p className="page__lead">
            Pick how you want to start. Either way you choose metal, polish, plating and quantity and see the
            price before you order.
          </p>
        </div>
      </div>
      <ul className="produce-options">
        {OPTIONS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Card interactive className="produce-option">
              <CardContent>
                <Icon className="produce-option__icon" aria-hidden="true" />
                <CardTitle as="h2">
                  <Link to={to} className="produce-option__link">
                    {title}
                  </Link>
                </CardTitle>
                <CardDescription>{text}</CardDescription>
                <span className="produce-option__go" aria-hidden="true">
                  Start <ArrowRight />
                </span>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
