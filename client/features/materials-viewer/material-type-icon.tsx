import { ClipboardCheck, FileQuestion, FileText, GraduationCap, NotebookPen } from 'lucide-react';
import type { LucideProps } from 'lucide-react';

/** One icon per known type; any other type gets the generic document icon. */
export function MaterialTypeIcon({ contentType, ...props }: { contentType: string } & LucideProps) {
  switch (contentType) {
    case 'quiz':
      return <FileQuestion data-icon="quiz" {...props} />;
    case 'assessment':
      return <ClipboardCheck data-icon="assessment" {...props} />;
    case 'lessonPlan':
      return <GraduationCap data-icon="lessonPlan" {...props} />;
    case 'homework':
      return <NotebookPen data-icon="homework" {...props} />;
    default:
      return <FileText data-icon="generic" {...props} />;
  }
}
