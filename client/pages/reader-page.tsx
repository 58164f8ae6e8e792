import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { Spinner } from '../components/ui/card';
import { ApiError, errorMessage } from '../lib/api';
import { fetchSharedBook, sharedBookKey } from '../features/reader/reader.api';
import { ReaderLoadError, ReaderUnavailable } from '../features/reader/reader-unavailable';
import { ReaderView } from '../features/reader/reader-view';

/** /read/{token}: a shared textbook, for anyone holding the link (no account). */
export function ReaderPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { data, error, isLoading, refetch } = useQuery({ queryKey: sharedBookKey(token), queryFn: () => fetchSharedBook(token) });
  if (isLoading)
    return (
      <main id="main-content" className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading the textbook" />
      </main>
    );
  if (error instanceof ApiError && error.status === 404) return <ReaderUnavailable />;
  if (error || !data) return <ReaderLoadError message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  return <ReaderView book={data} />;
}
