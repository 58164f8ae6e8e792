import { Brain, Database, FileUp, Network, Search, Sparkles } from 'lucide-react';
import { Card, CardContent } from '@client/components/ui/card';

const steps = [
  {
    icon: FileUp,
    title: 'Upload Materials',
    text: 'Add your course materials (PDF, Word, PowerPoint, Markdown or text), or type your content directly.',
  },
  {
    icon: Search,
    title: 'Semantic Search',
    text: 'Your material is split into meaningful chunks and searched by meaning, so each part of the book draws on the most relevant passages.',
  },
  {
    icon: Sparkles,
    title: 'Get Your Textbook',
    text: 'A structured textbook of chapters and sections is generated, stored, and ready to edit, expand and share.',
  },
];

const features = [
  {
    icon: Network,
    title: 'Vector Embeddings',
    text: 'Every passage becomes a vector embedding, so related ideas are found even when the words differ.',
  },
  {
    icon: Brain,
    title: 'AI Content Generation',
    text: 'Chapters and sections are composed from your own material and the references you approve.',
  },
  {
    icon: Database,
    title: 'Persistent Storage',
    text: 'Textbooks, their sources and every version are stored, so you can come back, edit and restore at any time.',
  },
];

/** The explanatory section below the form: three steps and three feature cards. */
export function HowItWorks() {
  return (
    <section className="space-y-10" aria-labelledby="how-it-works">
      <div className="space-y-6">
        <h2 id="how-it-works" className="text-center text-2xl font-bold">
          How It Works
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title} className="flex flex-col items-center gap-3 text-center">
              <div className="relative flex h-14 w-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <s.icon className="h-6 w-6" aria-hidden />
                <span className="absolute -right-1 -top-1 flex h-6 w-6 items-center justify-center rounded-full bg-indigo-600 text-xs font-bold text-white">
                  {i + 1}
                </span>
              </div>
              <h3 className="font-semibold">{s.title}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {features.map((f) => (
          <Card key={f.title}>
            <CardContent className="space-y-2 p-6">
              <f.icon className="h-8 w-8 text-indigo-600 dark:text-indigo-400" aria-hidden />
              <h3 className="font-semibold">{f.title}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{f.text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
