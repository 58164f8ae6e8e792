import { BookOpen, ClipboardCheck, Share2, Sparkles, Upload } from 'lucide-react';

const blurbs = [
  { icon: Upload, title: 'Upload Documents', text: 'Turn your PDFs, Word files and notes into the raw material of a textbook.' },
  { icon: Sparkles, title: 'Generate Content', text: 'Chapters and sections composed from your own material, grounded and cited.' },
  { icon: ClipboardCheck, title: 'Create Assessments', text: 'Quizzes, lesson plans, homework and assessments drawn from each chapter.' },
  { icon: Share2, title: 'Publish & Share', text: 'Save, edit and share your content, and co-edit it live with colleagues.' },
];

export function AuthHero() {
  return (
    <div className="flex h-full flex-col justify-center rounded-lg bg-gradient-to-br from-indigo-600 to-violet-700 p-8 text-white">
      <BookOpen className="h-10 w-10" />
      <h2 className="mt-4 text-2xl font-bold">Build textbooks from your course materials</h2>
      <p className="mt-2 text-indigo-100">
        Textbook Studio helps instructors create quizzes, lesson plans, homework and assessments from one grounded source.
      </p>
      <ul className="mt-6 space-y-4">
        {blurbs.map((b) => (
          <li key={b.title} className="flex gap-3">
            <b.icon className="mt-0.5 h-5 w-5 shrink-0" />
            <div>
              <div className="font-semibold">{b.title}</div>
              <div className="text-sm text-indigo-100">{b.text}</div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
