export function HomePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">AI-powered Textbook Generator</h1>
    </div>
  );
}
