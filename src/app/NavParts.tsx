/**
 * What the desktop bar's dropdowns and the mobile drawer's sections share: the caret beside a
 * group's label and the list of the group's links, the current page's link marked with
 * aria-current (docs/rules.md#navigation). Each gives its own classes.
 */
import { Link } from 'react-router-dom';
import { isCurrentChild, type NavGroupEntry } from './nav';

/** The downward caret beside a group's label, `size` px square. */
export function NavCaret({ size }: { size: number }) {
  return (
    <svg className="nav-caret" aria-hidden="true" width={size} height={size} viewBox="0 0 10 10">
      <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** The links of `entry`, in order, as a list with the classes given; `id` lets a trigger name it (aria-controls). */
export function SubmenuList({ entry, pathname, id, className, linkClassName }: { entry: NavGroupEntry; pathname: string; id?: string; className: string; linkClassName: string }) {
  return (
    <ul id={id} className={className}>
      {entry.children.map((child) => (
        <li key={child.to}>
          <Link to={child.to} className={linkClassName} aria-current={isCurrentChild(entry, child, pathname) ? 'page' : undefined}>
            {child.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
