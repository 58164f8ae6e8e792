import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';

const classrooms = ['Introduction to Biology - Fall', 'World History - Section B', 'Computer Science 101'];
const tabs = [
  { value: 'materials', label: 'Materials', empty: 'No materials available yet.' },
  { value: 'textbooks', label: 'Textbooks', empty: 'No textbooks available yet.' },
  { value: 'quizzes', label: 'Quizzes & Assignments', empty: 'No quizzes or assignments available yet.' },
  { value: 'discussion', label: 'Discussion Board', empty: 'No discussions available yet.' },
];

/** A static stub: real classroom behaviour is not part of the product yet. */
export function ClassroomPage() {
  const [classroom, setClassroom] = useState(classrooms[0]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Classroom</h1>
      <div className="mt-4 max-w-sm">
        <label htmlFor="classroom-select" className="text-sm font-medium">
          Classroom
        </label>
        <select
          id="classroom-select"
          value={classroom}
          onChange={(e) => setClassroom(e.target.value)}
          className="mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {classrooms.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <Tabs defaultValue="materials" className="mt-6">
        <TabsList>
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardHeader>
                <CardTitle>{t.label}</CardTitle>
                <CardDescription>{classroom}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-slate-500">{t.empty}</p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
