import { useMemo, useState } from 'react';
import { skillLabel } from '@facet/domain/rules';
import { Search, UserSearch } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState, Input, Select, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDesigners } from '../../designers/api/list-designers';
import { toProCardData } from '../../designers/api/types';
import type { DesignerCard } from '../../designers/api/types';
import { InviteButton } from '../../designers/components/invite-button';
import { ProCard } from '../../designers/components/pro-card';
import { ProGrid } from '../../designers/components/pro-grid';
import '../../designers/pages/designers.css';
import { useInvitePro } from '../api/invite-pro';
import { ChooseProjectDialog } from '../components/choose-project-dialog';
import '../components/projects.css';

export function BrowseDesignersPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  const [role, setRole] = useState<'designer' | 'service'>('designer');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [skill, setSkill] = useState('');
  const [choosing, setChoosing] = useState<DesignerCard | null>(null);
  const [status, setStatus] = useState<Record<string, 'inviting' | 'invited'>>({});
  const designers = useDesigners({ role, q, skill, pageSize: 48 });
  // the server lists stored values; people read their names, in alphabetical order
  const skillOptions = useMemo(
    () =>
      (designers.data?.skills ?? [])
        .map((value) => ({ value, label: skillLabel(value) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [designers.data?.skills],
  );
  const invite = useInvitePro();

  async function inviteTo(projectId: string) {
    const designer = choosing;
    if (!designer) return;
    setChoosing(null);
    setStatus((s) => ({ ...s, [designer.id]: 'inviting' }));
    try {
      await invite.mutateAsync({ projectId, proId: designer.id });
      setStatus((s) => ({ ...s, [designer.id]: 'invited' }));
      toast({ title: 'Invitation sent', description: designer.name });
    } catch (error) {
      setStatus((s) => {
        const next = { ...s };
        delete next[designer.id];
        return next;
      });
      toast({ title: 'Invitation not sent', description: errorMessage(error), variant: 'destructive' });
    }
  }

  const list = designers.data?.designers ?? [];
  return (
    <div className="page">
      <title>Browse designers · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Browse designers</p>
          <h1 className="page__title">{role === 'service' ? 'Service providers' : 'CAD designers'}</h1>
          <p className="page__lead">
            Reviewed by our production team. Invite them to a project and compare offers.
          </p>
        </div>
      </div>
      <div className="projects-toolbar designers-toolbar">
        <div className="filter-chips" role="group" aria-label="Kind">
          {(['designer', 'service'] as const).map((r) => (
            <button
              key={r}
              type="button"
              className={`chip${role === r ? ' chip--on' : ''}`}
              aria-pressed={role === r}
              onClick={() => {
                setRole(r);
                setSkill('');
              }}
            >
              {r === 'service' ? 'Service Providers' : 'CAD Designers'}
            </button>
          ))}
        </div>
        <div className="designers-toolbar__filters">
          <Input
            type="search"
            aria-label="Search designers"
            placeholder="Search by name or skill"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            startAdornment={<Search aria-hidden="true" />}
          />
          <Select
            aria-label="Filter by skill"
            placeholder="All skills"
            value={skill}
            onChange={(e) => setSkill(e.target.value)}
            options={skillOptions}
          />
        </div>
      </div>
      {designers.isError ? (
        <EmptyState
          title="Designers could not be loaded"
          description={errorMessage(designers.error)}
          action={<Button onClick={() => void designers.refetch()}>Try again</Button>}
        />
      ) : !designers.isPending && list.length === 0 ? (
        <EmptyState
          icon={<UserSearch />}
          title="No one matches"
          description="Try another search or skill."
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('');
                setSkill('');
              }}
            >
              Clear filters
            </Button>
          }
        />
      ) : (
        <ProGrid loading={designers.isPending} label={role === 'service' ? 'Service providers' : 'Designers'}>
          {list.map((d) => (
            <ProCard
              key={d.id}
              pro={toProCardData(d)}
              profileHref={`/profile/designer/${d.id}`}
              action={
                customer ? (
                  <InviteButton
                    name={d.name}
                    state={status[d.id] ?? 'idle'}
                    onInvite={() => setChoosing(d)}
                  />
                ) : null
              }
            />
          ))}
        </ProGrid>
      )}
      {customer ? (
        <ChooseProjectDialog
          designer={choosing}
          onOpenChange={(open) => !open && setChoosing(null)}
          onChoose={(projectId) => void inviteTo(projectId)}
        />
      ) : null}
    </div>
  );
}
