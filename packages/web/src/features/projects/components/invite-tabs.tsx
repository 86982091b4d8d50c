import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger, toast } from '../../../components/ui';
import { api, errorMessage } from '../../../lib/api-client';
import { useDesigners } from '../../designers/api/list-designers';
import { toProCardData } from '../../designers/api/types';
import { InviteButton } from '../../designers/components/invite-button';
import { ProCard } from '../../designers/components/pro-card';
import { ProGrid } from '../../designers/components/pro-grid';
import { ChatPanel } from '../../chat';
import { useInvitePro } from '../api/invite-pro';
import { useAcceptOffer, useDeclineOffer } from '../api/offer-actions';
import type { Offer, ProjectDetail } from '../api/types';
import { formatDays, formatDollars } from '../lib/money';
import { ConfirmDialog } from './confirm-dialog';
import { OfferCard, sortOffers } from './offer-card';

/** Spec section 2: the Offers tab's empty texts. */
export const OFFERS_EMPTY = {
  design: 'Invite a designer to view offers.',
  service: 'Invite service providers to get started.',
} as const;

export function OffersPanel({ project }: { project: ProjectDetail }) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [confirm, setConfirm] = useState<{ offer: Offer; action: 'accept' | 'decline' } | null>(null);
  const offers = sortOffers(project.offers);
  const canDecide = project.viewerRole === 'customer' && project.allowedActions.includes('accept-offer');

  async function run() {
    if (!confirm) return;
    try {
      if (confirm.action === 'accept') await accept.mutateAsync(confirm.offer.id);
      else await decline.mutateAsync(confirm.offer.id);
      toast({
        title: confirm.action === 'accept' ? 'Offer accepted' : 'Offer declined',
        description: confirm.offer.pro.shortName,
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setConfirm(null);
    }
  }

  if (offers.length === 0) {
    return <p className="tab-empty">{project.service ? OFFERS_EMPTY.service : OFFERS_EMPTY.design}</p>;
  }
  const c = confirm?.offer;
  return (
    <>
      <div className="offer-grid">
        {offers.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            canDecide={canDecide}
            onAccept={() => setConfirm({ offer, action: 'accept' })}
            onDecline={() => setConfirm({ offer, action: 'decline' })}
          />
        ))}
      </div>
      <ConfirmDialog
        open={confirm?.action === 'accept'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Accept this offer?"
        description={
          c
            ? `You accept ${c.pro.shortName}'s offer of ${formatDollars(c.priceCents ?? 0)} with a lead time of ${formatDays(c.leadTimeDays ?? 0)}. Every other invitation is refused and the project moves to Make Payment.`
            : ''
        }
        confirmLabel="Accept offer"
        onConfirm={() => void run()}
        busy={accept.isPending}
      />
      <ConfirmDialog
        open={confirm?.action === 'decline'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Decline this offer?"
        description={
          c ? `${c.pro.shortName} is told the offer was declined. Your other invitations stay open.` : ''
        }
        confirmLabel="Decline offer"
        onConfirm={() => void run()}
        busy={decline.isPending}
        danger
      />
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
        const body = await api.get<{ rooms?: unknown[] }>(
          `/api/projects/${encodeURIComponent(projectId)}/rooms`,
          {
            signal,
          },
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
