import type { ProjectDetail } from '../api/types';
import { ChangeRequestBlock } from './change-request-block';
import { LeadTimeBlock } from './lead-time-block';
import {
  CompletedBlock,
  DeliverBlock,
  PayChangesBlock,
  PaymentBlock,
  ReviewDeliveryBlock,
  useWorkflowState,
} from './workflow-blocks';

/** What happens next after an offer is accepted, with the actions the server allows the viewer now. */
export function WorkflowPanel({ project }: { project: ProjectDetail }) {
  const w = useWorkflowState();
  const can = (a: ProjectDetail['allowedActions'][number]) => project.allowedActions.includes(a);
  const position = project.activeStatus.position;
  const cr = project.changeRequest;

  // a cancelled project is closed: the page says so once, nothing is left to do here
  if (project.phase === 'cancelled') return null;
  if (position < 2 && !project.completed) return null;

  const blocks = [];
  if (position === 2 && !project.completed) {
    blocks.push(<PaymentBlock key="pay" project={project} can={can} w={w} />);
  }
  if (can('deliver')) blocks.push(<DeliverBlock key="deliver" project={project} w={w} />);
  // a request left open when the project completed has nobody left to answer it
  if (can('request-lead-time') || (project.leadTimeChange?.status === 'requested' && !project.completed)) {
    blocks.push(<LeadTimeBlock key="lead-time" project={project} />);
  }
  if (can('approve-delivery') || can('request-changes')) {
    blocks.push(<ReviewDeliveryBlock key="review" project={project} can={can} w={w} />);
  }
  if (cr && cr.status === 'approved') {
    blocks.push(<PayChangesBlock key="pay-changes" project={project} changeRequestId={cr.id} can={can} />);
  }
  if (cr && (cr.status === 'requested' || cr.status === 'quoted')) {
    blocks.push(
      <ChangeRequestBlock
        key={`changes-${cr.id}-${cr.status}`}
        changeRequest={cr}
        canQuote={can('quote-changes')}
        canReject={can('reject-changes')}
        canAnswer={can('approve-changes') || can('decline-changes')}
      />,
    );
  }
  if (project.completed) blocks.push(<CompletedBlock key="done" project={project} can={can} w={w} />);
  return <>{blocks}</>;
}
