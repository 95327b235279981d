import { Link } from 'wouter';

/**
 * The tabs of a page that are addresses of their own (a record's basic and contract tabs, a client's
 * tabs): a link per tab, the current one marked for the eye and for screen readers.
 */
export function TabLinks<K extends string>({ label, tabs, current, href, words }: { readonly label: string; readonly tabs: readonly K[]; readonly current: string; readonly href: (tab: K) => string; readonly words: (tab: K) => string }) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link href={href(tab)} className={tab === current ? 'tab active' : 'tab'} aria-current={tab === current ? 'page' : undefined}>
              {words(tab)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
