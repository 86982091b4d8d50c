import { useState } from 'react';
import { Search, Users } from 'lucide-react';
import { formatDate } from '@facet/domain/format';
import { Button, Card, EmptyState, Field, Input, Select, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useAudit, useDecideAccount, usePeople, type PeopleQuery, type StaffPerson } from '../api/people';
import { ReasonDialog } from '../components/reason-dialog';
import { AuditLog } from '../components/audit-log';

const ROLE_LABELS = { customer: 'Customer', designer: 'CAD Designer', service: 'Service Provider' } as const;
type Decision = { person: StaffPerson; to: 'active' | 'hold' | 'deactivated' };
const DECISION_TEXT = {
  active: { verb: 'Approve', title: 'Approve', danger: false },
  hold: { verb: 'Hold', title: 'Put on hold', danger: true },
  deactivated: { verb: 'Deactivate', title: 'Deactivate', danger: true },
} as const;

function PersonCard({ person, onDecide }: { person: StaffPerson; onDecide: (d: Decision) => void }) {
  const decide = useDecideAccount();
  const name = `${person.firstName} ${person.lastName}`.trim();
  const skills = [...person.skills, ...person.cadSkills, ...person.softwareSkills, ...person.serviceTypes];
  const options = (['active', 'hold', 'deactivated'] as const).filter((s) => s !== person.status);

  async function toggleInactive() {
    try {
      await decide.mutateAsync({ id: person.id, isInactive: !person.isInactive });
      toast({ title: person.isInactive ? `${name} is active again` : `${name} is marked inactive` });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card as="li" tone="outline" className="ops-person" data-testid="ops-person">
      <div className="ops-person__head">
        <div>
          <h2 className="ops-person__name">{name}</h2>
          <p className="ops-person__meta">
            {ROLE_LABELS[person.role]} · {person.email}
            {person.location ? ` · ${person.location}` : ''} · joined {formatDate(person.createdAt)}
          </p>
        </div>
        <span>
          <span className={`ops-badge ops-badge--${person.status}`}>{person.status}</span>{' '}
          {person.isInactive ? <span className="ops-badge ops-badge--late">inactive</span> : null}
        </span>
      </div>
      {skills.length ? (
        <ul className="ops-tags" aria-label="Skills">
          {skills.map((s) => (
            <li key={s} className="ops-tag">
              {s}
            </li>
          ))}
        </ul>
      ) : null}
      {person.bio || person.tellWhy ? <p>{person.bio ?? person.tellWhy}</p> : null}
      {person.links.length ? (
        <p className="ops-person__meta">
          {person.links.map((l, i) => (
            <span key={l.url}>
              {i ? ' · ' : ''}
              <a href={l.url} target="_blank" rel="noreferrer noopener">
                {l.label}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {person.portfolio.length ? (
        <div className="ops-portfolio" aria-label="Portfolio">
          {person.portfolio.map((p) => (
            <a key={p.id} href={p.url} target="_blank" rel="noreferrer noopener">
              <img src={p.url} alt={p.name} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {person.lastDecision ? (
        <p className="ops-muted">
          Last decision: {person.lastDecision.from} → {person.lastDecision.to} on{' '}
          {formatDate(person.lastDecision.at)}
          {person.lastDecision.reason ? ` — “${person.lastDecision.reason}”` : ''}
        </p>
      ) : null}
      <div className="ops-actions">
        {options.map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === 'active' ? 'primary' : 'secondary'}
            onClick={() => onDecide({ person, to })}
            aria-label={`${DECISION_TEXT[to].verb} ${name}`}
          >
            {DECISION_TEXT[to].verb}
          </Button>
        ))}
        {person.role === 'customer' ? (
          <Button size="sm" variant="ghost" loading={decide.isPending} onClick={() => void toggleInactive()}>
            {person.isInactive ? 'Mark active' : 'Mark inactive'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** /ops/people: pros waiting for review first, everyone searchable; decisions with a reason. */
export function OpsPeoplePage() {
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('pending');
  const [inactive, setInactive] = useState('');
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = useDecideAccount();
  const query: PeopleQuery = {
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(role ? { role: role as PeopleQuery['role'] } : {}),
    ...(status ? { status: status as PeopleQuery['status'] } : {}),
    ...(inactive ? { inactive: inactive as 'true' } : {}),
  } as PeopleQuery;
  const people = usePeople(query);
  const audit = useAudit();
  const text = decision ? DECISION_TEXT[decision.to] : null;
  const name = decision ? `${decision.person.firstName} ${decision.person.lastName}`.trim() : '';

  return (
    <>
      <div className="ops-page__head">
        <div>
          <h1>People</h1>
          <p>Review new designers and service providers; hold, deactivate or mark customers inactive.</p>
        </div>
      </div>
      <form className="ops-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field label="Search">
          <Input
            type="search"
            value={q}
            placeholder="Name or email"
            onChange={(e) => setQ(e.target.value)}
            startAdornment={<Search aria-hidden="true" />}
          />
        </Field>
        <Field label="Role">
          <Select
            value={role}
            onChange={(e) => setRole(e.target.value)}
            placeholder="Everyone"
            options={[
              { value: 'designer', label: 'CAD Designers' },
              { value: 'service', label: 'Service Providers' },
              { value: 'customer', label: 'Customers' },
            ]}
          />
        </Field>
        <Field label="Status">
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            placeholder="Any status"
            options={[
              { value: 'pending', label: 'Waiting for review' },
              { value: 'active', label: 'Active' },
              { value: 'hold', label: 'On hold' },
              { value: 'deactivated', label: 'Deactivated' },
            ]}
          />
        </Field>
        <Field label="Customers">
          <Select
            value={inactive}
            onChange={(e) => setInactive(e.target.value)}
            placeholder="Any"
            options={[
              { value: 'true', label: 'Inactive only' },
              { value: 'false', label: 'Not inactive' },
            ]}
          />
        </Field>
      </form>
      {people.isPending ? (
        <div className="ops-list" aria-busy="true" aria-label="Loading people">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="9rem" />
          ))}
        </div>
      ) : people.isError ? (
        <p className="ops-alert" role="alert">
          {errorMessage(people.error)}
        </p>
      ) : people.data.people.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={status === 'pending' && !q ? 'No one is waiting for review' : 'No one matches'}
          description={
            status === 'pending' && !q
              ? 'New designers and service providers appear here as soon as they sign up.'
              : 'Try another name, or clear a filter.'
          }
        />
      ) : (
        <>
          <p className="ops-muted" aria-live="polite">
            {people.data.total} {people.data.total === 1 ? 'person' : 'people'}
          </p>
          <ul className="ops-list">
            {people.data.people.map((p) => (
              <PersonCard key={p.id} person={p} onDecide={setDecision} />
            ))}
          </ul>
        </>
      )}
      <AuditLog title="Recent staff actions" query={audit} />
      {decision && text ? (
        <ReasonDialog
          open
          onOpenChange={(open) => (open ? null : setDecision(null))}
          title={`${text.title}: ${name}`}
          description={
            decision.to === 'active'
              ? `${name} can take on projects once approved. They get an email.`
              : `${name} will be blocked from projects. They get an email with your reason.`
          }
          confirmLabel={text.verb}
          danger={text.danger}
          reasonRequired={decision.to !== 'active'}
          onConfirm={async (reason) => {
            await decide.mutateAsync({
              id: decision.person.id,
              status: decision.to,
              ...(reason ? { reason } : {}),
            });
            toast({ title: `${name}: ${decision.to === 'active' ? 'approved' : decision.to}` });
          }}
        />
      ) : null}
    </>
  );
}
