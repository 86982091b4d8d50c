import { useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Select,
  Skeleton,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { DesignerCard } from '../../designers/api/types';
import { useProjects } from '../api/list-projects';

/** Picks which of the customer's open projects a designer is invited to. */
export function ChooseProjectDialog({
  designer,
  onOpenChange,
  onChoose,
}: {
  designer: DesignerCard | null;
  onOpenChange: (open: boolean) => void;
  onChoose: (projectId: string) => void;
}) {
  const projects = useProjects({ filter: 'all', q: '', page: 1, pageSize: 50 });
  const open = (projects.data?.projects ?? []).filter(
    (p) => !p.completed && p.activeStatus.position <= 1 && p.service === (designer?.role === 'service'),
  );
  const [projectId, setProjectId] = useState('');
  const chosen = open.some((p) => p.id === projectId) ? projectId : (open[0]?.id ?? '');

  return (
    <Dialog open={designer !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Invite {designer?.name}</DialogTitle>
          <DialogDescription>Choose the project to invite them to.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {projects.isPending ? (
            <Skeleton height="2.5rem" />
          ) : projects.isError ? (
            <p role="alert">{errorMessage(projects.error)}</p>
          ) : open.length === 0 ? (
            <p>
              You have no {designer?.role === 'service' ? 'service ' : ''}project open for invitations.{' '}
              <Link to="/projects?new=1">Create a project</Link> first.
            </p>
          ) : (
            <>
              <label htmlFor="choose-project" className="field__label">
                Project
              </label>
              <Select
                id="choose-project"
                value={chosen}
                onChange={(e) => setProjectId(e.target.value)}
                options={open.map((p) => ({ value: p.id, label: p.title }))}
              />
            </>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!chosen} onClick={() => onChoose(chosen)}>
            Invite To Project
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
