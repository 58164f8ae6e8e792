import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { downloadableMaterialTypes } from '@common/material-downloads';
import { Button } from '@client/components/ui/button';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { AssessmentPanel } from './assessment-panel';
import { materialTypeLabel, type EducationalMaterial } from './educational-material';
import { HomeworkPanel } from './homework-panel';
import { LessonPlanPanel } from './lesson-plan-panel';
import { assessmentContent, homeworkContent, lessonPlanContent, parseMaterialContent, quizContent } from './material-content';
import { MaterialDownloadMenu } from './material-download-menu';
import { MaterialTypeIcon } from './material-type-icon';
import { QuizPanel } from './quiz-panel';

function TypePanel({ heading, description, children }: { heading: string; description: string; children: ReactNode }) {
  return (
    <section aria-label={heading}>
      <div className="mb-4 rounded-md bg-indigo-50 p-4 dark:bg-indigo-950">
        <h3 className="text-lg font-semibold">{heading}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>
      </div>
      {children}
    </section>
  );
}

function GenericView({ material }: { material: EducationalMaterial }) {
  const body = typeof material.content === 'string' ? material.content : JSON.stringify(material.content ?? null, null, 2);
  return (
    <TypePanel heading={materialTypeLabel(material.contentType)} description={`Content type: ${material.contentType}`}>
      <pre className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-4 text-sm dark:bg-slate-800">{body}</pre>
    </TypePanel>
  );
}

function MaterialBody({ material }: { material: EducationalMaterial }) {
  switch (material.contentType) {
    case 'quiz': {
      const content = parseMaterialContent(quizContent, material.content);
      if (!content) break;
      return (
        <TypePanel
          heading="Quiz"
          description="Check understanding with these questions; reveal each answer to see its explanation and source."
        >
          <QuizPanel content={content} />
        </TypePanel>
      );
    }
    case 'assessment': {
      const content = parseMaterialContent(assessmentContent, material.content);
      if (!content) break;
      return (
        <TypePanel heading="Assessment" description="A graded assessment with points and a rubric for each item.">
          <AssessmentPanel content={content} />
        </TypePanel>
      );
    }
    case 'lessonPlan': {
      const content = parseMaterialContent(lessonPlanContent, material.content);
      if (!content) break;
      return (
        <TypePanel heading="Lesson Plan" description="Objectives, a timed sequence of activities, materials and how learning is checked.">
          <LessonPlanPanel content={content} />
        </TypePanel>
      );
    }
    case 'homework': {
      const content = parseMaterialContent(homeworkContent, material.content);
      if (!content) break;
      return (
        <TypePanel heading="Homework" description="Problems to work on after class, with guidance for each.">
          <HomeworkPanel content={content} />
        </TypePanel>
      );
    }
  }
  return <GenericView material={material} />;
}

/** Replaces the chapter editor while an educational item is chosen. */
export function EducationalContentViewer({
  material,
  actions,
  textbookId,
}: {
  material: EducationalMaterial;
  /** Extra header buttons (delete). */ actions?: ReactNode;
  /** The book the material is stored with: a saved quiz or assessment then offers its downloads (not in the reader). */
  textbookId?: number;
}) {
  const downloadable =
    textbookId !== undefined &&
    typeof material.id === 'number' &&
    (downloadableMaterialTypes as readonly string[]).includes(material.contentType);
  return (
    <Card className="print:border-0 print:shadow-none" data-testid="educational-content-viewer">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="flex items-start gap-3">
            <MaterialTypeIcon contentType={material.contentType} className="mt-1 h-6 w-6 shrink-0 text-indigo-600" aria-hidden />
            <div>
              <CardTitle className="text-xl">{material.title}</CardTitle>
              {material.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{material.description}</p>}
              {material.metadata.chapterTitle && <Badge className="mt-2">{material.metadata.chapterTitle}</Badge>}
            </div>
          </div>
          <div className="no-print flex shrink-0 items-center gap-2">
            {downloadable && <MaterialDownloadMenu textbookId={textbookId} materialId={material.id as number} title={material.title} />}
            <Button variant="outline" size="sm" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden /> Print
            </Button>
            {actions}
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <MaterialBody material={material} />
      </CardContent>
    </Card>
  );
}
