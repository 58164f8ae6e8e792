import { AlertTriangle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';

/** docs/product.md, error mode: Try Again returns to the form as it was. */
export function GenerationError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <AlertTriangle className="h-12 w-12 text-red-500" aria-hidden />
        <h2 className="text-xl font-semibold">Generation Failed</h2>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
          We couldn&apos;t generate your textbook. This might be due to an issue with the uploaded files or our servers.
        </p>
        <Button onClick={onRetry}>Try Again</Button>
      </CardContent>
    </Card>
  );
}
