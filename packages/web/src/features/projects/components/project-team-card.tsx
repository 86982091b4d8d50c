import { useState } from 'react';
import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import {
  Avatar,
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
  toast,
} from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage } from '../../../lib/api-client';
import { InviteButton } from '../../designers/components/invite-button';
import { formatRating } from '../../designers/lib/format';
import { useRecommendations } from '../api/get-recommendations';
import { useInvitePro } from '../api/invite-pro';
import { useTeamPresence } from '../api/team-presence';
import type { ProjectDetail, TeamMember } from '../api/types';
import { skillLabel } from '@facet/domain/rules';

function Member({ member, online, unread }: { member: TeamMember; online: boolean; unread: boolean }) {
  return (
    <li className="team-member">
      <span className="team-member__avatar">
        <Avatar firstName={member.firstName} lastName={member.lastName} src={member.avatarUrl} />
        <span
          className={`team-member__dot${online ? ' team-member__dot--online' : ''}`}
          role="img"
          aria-label={online ? 'Online' : 'Offline'}
        />
      </span>
      <span>
        <span className="team-member__name">
          {member.profileUrl ? <Link to={member.profileUrl}>{member.name}</Link> : member.name}
          {unread ? <span className="team-member__pulse" role="img" aria-label="Unread messages" /> : null}
        </span>
        <br />
        <span className="team-member__label">{member.label}</span>
      </span>
    </li>
  );
}

/** Three designers ranked by fit for this project, each with Invite to Project. */
export function InviteDesignerDialog({
  project,
  open,
  onOpenChange,
}: {
  project: ProjectDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const recommendations = useRecommendations(project.id, open);
  const invite = useInvitePro();
  const [state, setState] = useState<Record<string, 'inviting' | 'invited'>>({});
  const noun = project.service ? 'service providers' : 'designers';

  async function inviteOne(proId: string) {
    setState((s) => ({ ...s, [proId]: 'inviting' }));
    try {
      await invite.mutateAsync({ projectId: project.id, proId });
      setState((s) => ({ ...s, [proId]: 'invited' }));
    } catch (error) {
      setState((s) => {
        const next = { ...s };
        delete next[proId];
        return next;
      });
      toast({ title: 'Invitation not sent', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Recommended {noun}</DialogTitle>
          <DialogDescription>
            Ranked by fit with your items, rating, response rate and availability.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {recommendations.isPending ? (
            <div aria-busy="true">
              <Skeleton height="6rem" radius="md" />
            </div>
          ) : recommendations.isError ? (
            <p role="alert">{errorMessage(recommendations.error)}</p>
          ) : recommendations.data.length === 0 ? (
            <p>Every available {noun.slice(0, -1)} is already invited.</p>
          ) : (
            <ul className="recommend-list">
              {recommendations.data.map((d) => (
                <li key={d.id} className="recommend">
                  <Avatar firstName={d.firstName} lastName={d.lastName} src={d.avatarUrl} size="lg" />
                  <div>
                    <p className="team-member__name">{d.name}</p>
                    <p className="recommend__meta">
                      {(d.role === 'service' ? d.serviceTypes : d.tags)
                        .slice(0, 5)
                        .map(skillLabel)
                        .join(' · ') || d.label}
                    </p>
                    <p className="recommend__meta">
                      Rating {formatRating(d.rating)} · {d.completedCount} completed · {d.availability}
                    </p>
                  </div>
                  <div className="recommend__action">
                    <InviteButton
                      name={d.name}
                      label="Invite to Project"
                      state={state[d.id] ?? (d.invited ? 'invited' : 'idle')}
                      onInvite={() => void inviteOne(d.id)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Project Team card (spec section 2): creator, designer or service provider, production team, each with an
 * online dot and an unread pulse. The Invite Designer button shows only while the project has no active
 * status (not started yet); once invitations went out, the Invite page's tabs take over.
 */
export function ProjectTeamCard({ project }: { project: ProjectDetail }) {
  const { user } = useAuth();
  const [inviting, setInviting] = useState(false);
  const presence = useTeamPresence(project.id, user?.id);
  const { team } = project;
  const members = [team.creator, ...(team.pro ? [team.pro] : []), ...team.productionTeam];
  return (
    <Card as="section" tone="outline" className="team-card" aria-labelledby="team-card-title">
      <h2 id="team-card-title" className="team-card__title">
        Project Team
      </h2>
      <ul className="team-list">
        {members.map((m) => (
          <Member
            key={m.id}
            member={m}
            online={m.online || presence.isOnline(m.id)}
            unread={presence.hasUnread(m.id)}
          />
        ))}
      </ul>
      {project.canInvite && project.phase === 'not-started' ? (
        <>
          <Button variant="secondary" size="sm" fullWidth onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" /> {project.service ? 'Invite Service Provider' : 'Invite Designer'}
          </Button>
          <InviteDesignerDialog project={project} open={inviting} onOpenChange={setInviting} />
        </>
      ) : null}
    </Card>
  );
}
