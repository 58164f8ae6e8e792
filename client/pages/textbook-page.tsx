import { useMemo } from 'react';
import { useParams } from 'wouter';
import { parseTextbookContent } from '@common/textbook';
import { TextbookView } from '../features/textbook/textbook-view';
import {
  InvalidTextbookId,
  MissingTextbookContent,
  TextbookLoadError,
  TextbookLoading,
  TextbookParseError,
} from '../features/textbook/textbook-page-states';
import { parseTextbookId, useTextbook } from '../features/textbook/use-textbook';

export { prefetchTextbook } from '../features/textbook/use-textbook';
import { errorMessage } from '../lib/api';

function TextbookLoader({ id }: { id: number }) {
  const { data, isLoading, error } = useTextbook(id);
  const parsed = useMemo(() => (data ? parseTextbookContent(data.content) : null), [data]);

  if (isLoading) return <TextbookLoading />;
  if (error || !data || !parsed)
    return <TextbookLoadError message={errorMessage(error, 'The textbook could not be found or has been deleted.')} />;
  if (!parsed.ok) {
    return parsed.reason === 'missing' ? <MissingTextbookContent /> : <TextbookParseError reason={parsed.message} />;
  }
  return <TextbookView textbook={data} content={parsed.content} />;
}

export function TextbookPage() {
  const params = useParams<{ id: string }>();
  const id = parseTextbookId(params.id);
  if (id === null) return <InvalidTextbookId />;
  // Keyed by id: another book starts with fresh navigator and editor state.
  return <TextbookLoader key={id} id={id} />;
}
