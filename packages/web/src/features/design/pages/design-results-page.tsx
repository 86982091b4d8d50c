import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Download, FolderPlus, FolderOpen, RefreshCw, Sparkles } from 'lucide-react';
import { designTexts, PARAMETRIC_KIND_OF_ITEM } from '@facet/domain/design';
import { Button, Card, EmptyState, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  answeredByServer,
  newGenerationKey,
  useCreateProjectFromResult,
  useDesignResults,
  useRegenerate,
  type DesignGeneration,
} from '../api/design-results';
import { ParametricLink } from '../components/design-steps';
import '../design.css';

function ResultsEmptyState({ fresh, imageGeneration }: { fresh: boolean; imageGeneration: boolean }) {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<Sparkles />}
      eyebrow="Design results"
      title={fresh ? 'No new designs yet' : 'No design results yet'}
      description={
        imageGeneration
          ? 'Designs generated from your ideas gather here, ready to compare, download and turn into a project with a CAD designer. Start a design to see your first results.'
          : `${designTexts.notConfigured} Complete a design brief and create a project from it, or set exact measurements in the parametric builder.`
      }
      action={
        <>
          <Button asChild>
            <Link to="/design">Start a design</Link>
          </Button>
          <Button variant="secondary" asChild>
            <Link to="/projects">See your projects</Link>
          </Button>
        </>
      }
    />
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function GenerationSection({
  generation,
  imageGeneration,
  creditsPerGeneration,
}: {
  generation: DesignGeneration;
  imageGeneration: boolean;
  creditsPerGeneration: number;
}) {
  const navigate = useNavigate();
  const create = useCreateProjectFromResult();
  const regenerate = useRegenerate();
  const [regenerateKey, setRegenerateKey] = useState<string | null>(null);
  const headingId = `generation-${generation.id}`;

  async function createProject(resultId: string) {
    try {
      const { project } = await create.mutateAsync(resultId);
      toast({ title: 'Project created', description: `${project.title} is ready for designers.` });
      await navigate(`/projects/${project.id}`);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  async function again() {
    const key = regenerateKey ?? newGenerationKey();
    setRegenerateKey(key);
    try {
      await regenerate.mutateAsync({ resultId: generation.results[0]!.id, key });
      setRegenerateKey(null);
      toast({
        title: 'New designs ready',
        description: `New concepts for ${generation.title} are at the top.`,
      });
    } catch (error) {
      // after a network failure the retry sends the same key: the server answers what it made, once
      if (answeredByServer(error)) setRegenerateKey(null);
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <section className="design-generation" aria-labelledby={headingId}>
      <header className="design-generation__header">
        <div>
          <h2 id={headingId}>{generation.title}</h2>
          <p className="design-generation__meta">
            {generation.itemType} · {generation.materialName} ·{' '}
            {dateFormat.format(new Date(generation.createdAt))} UTC
          </p>
          <p className="design-generation__brief">{generation.description}</p>
        </div>
        <div className="design-generation__actions">
          {imageGeneration && generation.results.length > 0 ? (
            <Button variant="secondary" size="sm" loading={regenerate.isPending} onClick={() => void again()}>
              <RefreshCw aria-hidden="true" /> Regenerate ({creditsPerGeneration} credits)
            </Button>
          ) : null}
          {PARAMETRIC_KIND_OF_ITEM[generation.itemType] ? (
            <ParametricLink itemType={generation.itemType} />
          ) : null}
        </div>
      </header>
      <ul className="design-results__grid">
        {generation.results.map((result) => (
          <li key={result.id}>
            <Card className="design-result">
              <img
                src={result.imageUrl}
                alt={`${generation.title}, concept ${result.position + 1}`}
                className="design-result__image"
                loading="lazy"
              />
              <div className="design-result__actions">
                {result.projectId ? (
                  <Button size="sm" variant="secondary" asChild>
                    <Link to={`/projects/${result.projectId}`}>
                      <FolderOpen aria-hidden="true" /> Open project
                    </Link>
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    loading={create.isPending && create.variables === result.id}
                    disabled={create.isPending}
                    onClick={() => void createProject(result.id)}
                    aria-label={`Create project from concept ${result.position + 1} of ${generation.title}`}
                  >
                    <FolderPlus aria-hidden="true" /> Create project
                  </Button>
                )}
                <Button size="sm" variant="ghost" asChild>
                  <a
                    href={result.downloadUrl}
                    download
                    aria-label={`Download concept ${result.position + 1} of ${generation.title}`}
                  >
                    <Download aria-hidden="true" /> Download
                  </a>
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultsPage({ fresh }: { fresh: boolean }) {
  const results = useDesignResults();
  const title = fresh ? 'New design results · Facet' : 'Design results · Facet';

  if (results.isPending) {
    return (
      <div className="page design-results" aria-busy="true">
        <title>{title}</title>
        <Skeleton height="2rem" width="30%" />
        <div className="design-results__grid">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="13rem" radius="lg" />
          ))}
        </div>
      </div>
    );
  }
  if (results.isError) {
    return (
      <div className="page">
        <title>{title}</title>
        <EmptyState
          headingLevel="h1"
          title="Your design results could not load"
          description={errorMessage(results.error)}
          action={<Button onClick={() => void results.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  const { generations, capabilities } = results.data;
  const shown = fresh ? generations.slice(0, 1) : generations;
  if (shown.length === 0) {
    return (
      <div className="page">
        <title>{title}</title>
        <ResultsEmptyState fresh={fresh} imageGeneration={capabilities.imageGeneration} />
      </div>
    );
  }
  return (
    <div className="page design-results">
      <title>{title}</title>
      <header className="design-results__header">
        <div>
          <p className="design-page__eyebrow">Design results</p>
          <h1>{fresh ? 'Your new designs' : 'Your designs'}</h1>
          <p className="design-results__lead">
            Create a project from the concept you like best: its brief, images and size go with it.
          </p>
        </div>
        <Button asChild>
          <Link to="/design">Start a design</Link>
        </Button>
      </header>
      {shown.map((generation) => (
        <GenerationSection
          key={generation.id}
          generation={generation}
          imageGeneration={capabilities.imageGeneration}
          creditsPerGeneration={capabilities.creditsPerGeneration}
        />
      ))}
    </div>
  );
}

export function DesignResultsPage() {
  return <ResultsPage fresh={false} />;
}

export function NewDesignResultsPage() {
  return <ResultsPage fresh />;
}
