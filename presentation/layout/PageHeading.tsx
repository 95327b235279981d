import { createContext, useContext, type ReactNode } from 'react';

/** True inside the signed-in layout, which already shows the page's title as its h1. */
const HasPageHeading = createContext(false);

export function PageHeadingProvider({ children }: { children: ReactNode }) {
  return <HasPageHeading.Provider value={true}>{children}</HasPageHeading.Provider>;
}

/** The screen's own h1, for screens that can also show outside the signed-in layout. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return useContext(HasPageHeading) ? null : <h1 className="page-title">{children}</h1>;
}
