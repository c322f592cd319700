import { NavLink } from 'react-router';
import { canOpen } from '@portal/domain/routes';
import { APP_PAGES } from './pages';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** The screens this role may open; the others are not offered at all. */
export const MainNav = ({ role, onNavigate }: { role: string; onNavigate?: () => void }) => (
  <ul className="space-y-1">
    {APP_PAGES.filter((page) => page.inNav && canOpen(role, page.path)).map((page) => (
      <li key={page.path}>
        <NavLink to={page.path} className={itemClass} onClick={onNavigate}>
          {page.title}
        </NavLink>
      </li>
    ))}
  </ul>
);
