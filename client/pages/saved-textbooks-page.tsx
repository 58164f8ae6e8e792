import { SavedTextbooksList } from '../features/saved-textbooks/saved-textbooks-list';

export function SavedTextbooksPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">My Textbooks</h1>
      <SavedTextbooksList />
    </div>
  );
}
