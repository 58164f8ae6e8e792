import { Link } from 'wouter';

const groups = [
  {
    heading: 'Product',
    links: [
      ['/features', 'Features'],
      ['/pricing', 'Pricing'],
      ['/examples', 'Examples'],
      ['/case-studies', 'Case Studies'],
    ],
  },
  {
    heading: 'Company',
    links: [
      ['/about', 'About'],
      ['/blog', 'Blog'],
      ['/careers', 'Careers'],
      ['/contact', 'Contact'],
    ],
  },
  {
    heading: 'Resources',
    links: [
      ['/help', 'Help Center'],
      ['/docs', 'Documentation'],
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms'],
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white py-10 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:grid-cols-4">
        <div>
          <div className="font-bold">Textbook Studio</div>
          <p className="mt-2 text-sm text-slate-500">Grounded textbooks from your own course materials.</p>
        </div>
        {groups.map((g) => (
          <div key={g.heading}>
            <div className="text-sm font-semibold">{g.heading}</div>
            <ul className="mt-2 space-y-1">
              {g.links.map(([href, label]) => (
                <li key={href}>
                  <Link href={href} className="text-sm text-slate-500 hover:text-indigo-600">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </footer>
  );
}
