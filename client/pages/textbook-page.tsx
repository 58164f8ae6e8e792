export function TextbookPage() {
  return <div className="mx-auto max-w-7xl px-4 py-8">Loading textbook...</div>;
}
