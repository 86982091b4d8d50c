import { Check } from 'lucide-react';
import './upcoming-list.css';

/** A short list under an empty state naming what the page will hold. */
export function UpcomingList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="upcoming" aria-label={title}>
      <h2 className="upcoming__title">{title}</h2>
      <ul className="upcoming__list">
        {items.map((item) => (
          <li key={item}>
            <Check aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
