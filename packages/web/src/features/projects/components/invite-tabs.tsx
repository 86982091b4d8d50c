import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger, toast } from '../../../components/ui';
import { errorMessage, api, unwrap } from '../../../lib/api-client';
import { useDesigners } from '../../designers/api/list-designers';
import { toProCardData } from '../../designers/api/types';
import { InviteButton } from '../../designers/components/invite-button';
import { ProCard } from '../../designers/components/pro-card';
import { ProGrid } from '../../designers/components/pro-grid';
import { ChatPanel } from './project-chat';
import { useInvitePro } from '../api/invite-pro';
import type { ProjectDetail } from '../api/types';
import { OfferCard, sortOffers } from './offer-card';
import { useOfferDecision } from './offer-decision';

/** Spec section 2: the Offers tab's empty texts. */
export const OFFERS_EMPTY = {
  design: 'Invite a designer to view offers.',
  service: 'Invite service providers to get started.',
} as const;

export function OffersPanel({ project }: { project: ProjectDetail }) {
  const decision = useOfferDecision(project);
  // an offer whose pro the server could not name (`pro: null`) has no card
  const offers = sortOffers(project.offers.filter((o): o is typeof o & { pro: object } => o.pro !== null));

  if (offers.length === 0) {
    return <p className="tab-empty">{project.service ? OFFERS_EMPTY.service : OFFERS_EMPTY.design}</p>;
  }
  return (
    <>
      <div className="offer-grid">
        {offers.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            canDecide={decision.canDecide}
            onAccept={() => decision.ask(offer, 'accept')}
            onDecline={() => decision.ask(offer, 'decline')}
          />
        ))}
      </div>
      {decision.dialogs}
    </>
  );
}

function ProsPanel({ project }: { project: ProjectDetail }) {
  const role = project.service ? 'service' : 'designer';
  const designers = useDesigners({ role, projectId: project.id, pageSize: 24 });
  const invite = useInvitePro();
  const [inviting, setInviting] = useState<string | null>(null);
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const canInvite = project.canInvite;

  async function inviteOne(proId: string) {
    setInviting(proId);
    try {
      await invite.mutateAsync({ projectId: project.id, proId });
      setInvited((ids) => new Set(ids).add(proId));
    } catch (error) {
      toast({ title: 'Invitation not sent', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setInviting(null);
    }
  }

  if (designers.isError) return <p role="alert">{errorMessage(designers.error)}</p>;
  const label = project.service ? 'Service Providers' : 'Designers';
  return (
    <ProGrid loading={designers.isPending} label={label}>
      {designers.data?.designers.length === 0 ? (
        <p className="tab-empty">No {label.toLowerCase()} yet.</p>
      ) : null}
      {designers.data?.designers.map((d) => (
        <ProCard
          key={d.id}
          pro={toProCardData(d)}
          profileHref={`/profile/designer/${d.id}`}
          action={
            <InviteButton
              name={d.name}
              state={d.invited || invited.has(d.id) ? 'invited' : inviting === d.id ? 'inviting' : 'idle'}
              disabled={!canInvite || (inviting !== null && inviting !== d.id)}
              onInvite={() => void inviteOne(d.id)}
            />
          }
        />
      ))}
    </ProGrid>
  );
}

function useHasConversations(projectId: string) {
  return useQuery({
    queryKey: ['projects', 'detail', projectId, 'rooms'],
    queryFn: async ({ signal }) => {
      try {
        const body = await unwrap(
          api.GET('/api/projects/{id}/rooms', { params: { path: { id: projectId } }, signal }),
        );
        return (body.rooms?.length ?? 0) > 0;
      } catch {
        return false;
      }
    },
    retry: false,
  });
}

/** The Invite page's tabs (spec section 2): Designers or Service Providers, Offers, Messages when any. */
export function InviteTabs({ project }: { project: ProjectDetail }) {
  const hasRooms = useHasConversations(project.id).data === true;
  const [tab, setTab] = useState(project.offers.length ? 'offers' : 'pros');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Invite">
        <TabsTrigger value="pros">{project.service ? 'Service Providers' : 'Designers'}</TabsTrigger>
        <TabsTrigger value="offers">
          Offers{project.offers.length ? ` (${project.offers.length})` : ''}
        </TabsTrigger>
        {hasRooms ? <TabsTrigger value="messages">Messages</TabsTrigger> : null}
      </TabsList>
      <TabsContent value="pros">
        <ProsPanel project={project} />
      </TabsContent>
      <TabsContent value="offers">
        <OffersPanel project={project} />
      </TabsContent>
      {hasRooms ? (
        <TabsContent value="messages">
          <ChatPanel project={project} />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
