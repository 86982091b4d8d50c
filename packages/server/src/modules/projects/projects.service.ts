import type { MailJob } from '../../platform/mail/mail-job';
import { access, check } from './projects.access';
import { offerReply } from './projects.mappers';
import { detailOf, projectQueries, summaries } from './projects.queries';
import { addEvent, mailTo, mailToProductionTeam, sendMails, type ProjectsDeps } from './projects.shared';
import { changeRequestsService, changesPaid } from './change-requests.service';
import { invitationsStore } from './invitations.store';
import { itemImagesService } from './item-images.service';
import { projectEditsService } from './project-edits.service';
import { projectFilesService } from './project-files.service';
import { moveProject, workflowService } from './workflow.service';
import { leadTimeService } from './lead-time.service';
import { readRatingsWith } from './project-rating';

/**
 * The projects module's service as one object (`app.ctx.projects`): composed from the sub-services by
 * sub-resource and kind of work. Start reading at the one you need:
 * - `projects.access.ts`: who the viewer is to a project, and the state-machine check;
 * - `projects.queries.ts`: lists, summaries, the detail, statuses, events;
 * - `project-edits.service.ts`: create, edit, delete projects and items;
 * - `project-files.service.ts`, `item-images.service.ts`: attachments, deliveries' files, item images;
 * - `workflow.service.ts`: the moves after the offer (paid, delivered, approved, inactivity, cancelled);
 * - `change-requests.service.ts`: changes asked, priced and answered;
 * - `lead-time.service.ts`, `deadlines.ts`: lead time changes, due dates and lateness;
 * - `projects.shared.ts`: mails, events and clean-up the others share.
 */

export type { Access, InvitationRow, ProjectRow, StatusRow } from './projects.access';
export type { ProjectDetail } from './projects.queries';
export type { ProjectsDeps } from './projects.shared';
export type { CompletedHook, PaymentSubject } from './payment-subjects';

export function projectsService(deps: ProjectsDeps) {
  const queries = projectQueries(deps);
  const { detail } = queries;
  const files = projectFilesService(deps);
  const edits = projectEditsService(deps, { detail });
  const itemImages = itemImagesService(deps);
  const workflow = workflowService(deps, { detail, modelFilesAdded: files.modelFilesAdded });
  const changes = changeRequestsService(deps, { detail });
  const leadTime = leadTimeService(deps, { detail, news: deps.news });

  return {
    // the building blocks other modules (offers, ratings, chat) use inside their own transactions
    access,
    check,
    move: moveProject,
    addEvent,
    onModelFiles: files.onModelFiles,
    /** The ratings module's read of a project's rating (it sits above projects; see project-rating.ts). */
    readRatingsWith,
    mailTo,
    mailToProductionTeam,
    sendMails: (mails: MailJob[]) => sendMails(deps.jobs, mails),
    detailOf,
    detail,
    offerReply,
    summaries,
    /** Invitations and offers as rows; the offers module decides the moves. */
    invitations: invitationsStore,

    seedStatuses: queries.seedStatuses,
    backfillDueDates: queries.backfillDueDates,
    statuses: queries.statuses,
    list: queries.list,
    events: queries.events,

    create: edits.create,
    update: edits.update,
    remove: edits.remove,
    updateItem: edits.updateItem,

    checkItemImageUpload: itemImages.checkItemImageUpload,
    addItemImage: itemImages.addItemImage,
    removeItemImage: itemImages.removeItemImage,

    checkUpload: files.checkUpload,
    receiveFile: files.receiveFile,
    removeStored: files.removeStored,
    addAttachments: files.addAttachments,
    openAttachment: files.openAttachment,
    modelsZip: files.modelsZip,

    markPaid: workflow.markPaid,
    cancel: workflow.cancel,
    deliver: workflow.deliver,
    approveDelivery: workflow.approveDelivery,
    completeInactive: workflow.completeInactive,
    inviteStatusOf: workflow.inviteStatusOf,

    // the payments module: what a payment is for, what its confirmation moves, what completion releases
    paymentSubject: workflow.paymentSubject,
    paymentConfirmed: workflow.paymentConfirmed,
    onCompleted: workflow.onCompleted,
    changesPaymentSubject: changes.changesPaymentSubject,
    changesPaid,
    markChangesPaid: changes.markChangesPaid,

    requestChanges: changes.requestChanges,
    answerChanges: changes.answerChanges,

    requestLeadTime: leadTime.requestLeadTime,
    answerLeadTime: leadTime.answerLeadTime,
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
