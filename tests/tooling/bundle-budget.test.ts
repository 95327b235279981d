import { describe, expect, it } from 'vitest';
import { budgetProblems, routeFiles, type Manifest } from '../../scripts/bench/bundleBudget';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['screens/Login.tsx', 'screens/Calendar.tsx'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  'screens/Login.tsx': { file: 'assets/Login.js', imports: ['index.html', '_form.js'] },
  '_form.js': { file: 'assets/form.js' },
  'screens/Calendar.tsx': { file: 'assets/Calendar.js', imports: ['index.html'], dynamicImports: ['_fullcalendar.js'], css: ['assets/Calendar.css'] },
  '_fullcalendar.js': { file: 'assets/fullcalendar.js' },
};

describe('the bundle budget', () => {
  it('counts the entry with its imports and the screen with its own lazy chunks, never the other screens', () => {
    expect(routeFiles(manifest, 'index.html', 'screens/Login.tsx')).toEqual(['assets/Login.js', 'assets/form.js', 'assets/index.css', 'assets/index.js', 'assets/react.js']);
    expect(routeFiles(manifest, 'index.html', 'screens/Calendar.tsx')).toContain('assets/fullcalendar.js');
  });

  it('holds /login to 150 KB, other routes to 250 KB, and FullCalendar to the calendar routes', () => {
    const route = (path: string, kb: number, hasFullCalendar = false) => ({ path, screen: 's', files: [], gzipBytes: kb * 1024, hasFullCalendar });
    expect(budgetProblems([route('/login', 150), route('/clients', 250), route('/calendar', 249, true)])).toEqual([]);
    expect(budgetProblems([route('/login', 150.1), route('/clients', 251), route('/dashboard', 10, true)])).toEqual([
      '/login loads 150.1 KB gzip, over its 150 KB budget',
      '/clients loads 251.0 KB gzip, over its 250 KB budget',
      '/dashboard loads FullCalendar, which belongs to the calendar routes only',
    ]);
  });
});
