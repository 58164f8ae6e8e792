import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '../components/ui/card';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  );
}
