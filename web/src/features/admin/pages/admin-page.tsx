import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import { getFigures } from '../api/admin';
import { AuditLog } from '../components/audit-log';
import { BlockedServersSection } from '../components/blocked-servers-section';
import { FiguresSection } from '../components/figures-section';
import { ReportsQueue } from '../components/reports-queue';
import { StaffPicksSection } from '../components/staff-picks-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { UsersSection } from '../components/users-section';
import '../../../components/ui/choice-group.css';
import '../admin.css';

const TABS = [
  { id: 'reports', label: 'Reports' },
  { id: 'users', label: 'Users' },
  { id: 'staff-picks', label: 'Staff picks' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'servers', label: 'Blocked servers' },
  { id: 'log', label: 'Audit log' },
  { id: 'figures', label: 'Figures' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/**
 * /admin, behind RequireAccount: the operators' page. The instance's figures are read
 * first; the server's 403 for anyone who is not an operator shows the forbidden page instead. Each
 * tab is a panel of its own (WAI-ARIA tabs, arrows move between them), named in the address.
 */
export function AdminPage() {
  const figures = useApiResource(getFigures);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabId = isTab(requested) ? requested : 'reports';
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  const select = (id: TabId, focus = false) => {
    setParams(id === 'reports' ? {} : { tab: id }, { replace: true, preventScrollReset: true });
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab) select(tab.id, true);
  };

  if (figures.resource.status === 'failed' && figures.resource.httpStatus === 403) {
    return (
      <div className="page page--narrow admin admin--forbidden">
        <PageHead title="Forbidden" noindex />
        <p className="admin__code">403</p>
        <h1 className="admin__title">Only operators can see this page</h1>
        <p className="admin__lead">
          The Admin page is for the people who run this site. If you think you should have access, ask them to
          add your account&rsquo;s email to <code>ADMIN_EMAILS</code>.
        </p>
        <p>
          <AppLink to="/allblog">Back to all posts</AppLink>
        </p>
      </div>
    );
  }

  return (
    <div className="page admin">
      <PageHead title="Admin" noindex />
      <h1 className="admin__title">Admin</h1>
      <p className="admin__lead">
        Reports from readers, the people on this site, what the side panel and the landing page feature, the
        servers of the social web this site keeps out, and every action taken here.
      </p>
      {figures.resource.status === 'loading' ? (
        <div className="admin__skeleton" aria-busy="true" aria-label="Loading the admin page">
          <Skeleton className="admin__skeleton-tabs" />
          <Skeleton className="admin__skeleton-row" />
          <Skeleton className="admin__skeleton-row" />
        </div>
      ) : figures.resource.status === 'failed' ? (
        <ErrorRetry message={figures.resource.message} onRetry={() => void figures.reload()} />
      ) : (
        <>
          <div className="admin__tabs" role="tablist" aria-label="Admin sections">
            {TABS.map((tab) => (
              <button
                key={tab.id}
                ref={(element) => {
                  if (element) tabRefs.current.set(tab.id, element);
                  else tabRefs.current.delete(tab.id);
                }}
                id={`admin-tab-${tab.id}`}
                className="admin__tab"
                type="button"
                role="tab"
                aria-selected={tab.id === current}
                aria-controls={`admin-panel-${tab.id}`}
                tabIndex={tab.id === current ? 0 : -1}
                onClick={() => select(tab.id)}
                onKeyDown={onTabKeyDown}
              >
                {tab.label}
                {tab.id === 'reports' &&
                figures.resource.status === 'ready' &&
                figures.resource.value.openReports > 0 ? (
                  <span className="admin__badge">
                    {figures.resource.value.openReports}
                    <span className="visually-hidden"> open</span>
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          <div
            className="admin__panel"
            id={`admin-panel-${current}`}
            role="tabpanel"
            aria-labelledby={`admin-tab-${current}`}
            tabIndex={0}
          >
            {current === 'reports' ? <ReportsQueue onChange={() => void figures.reload()} /> : null}
            {current === 'users' ? <UsersSection /> : null}
            {current === 'staff-picks' ? <StaffPicksSection /> : null}
            {current === 'testimonials' ? <TestimonialsSection /> : null}
            {current === 'servers' ? <BlockedServersSection /> : null}
            {current === 'log' ? <AuditLog /> : null}
            {current === 'figures' ? <FiguresSection figures={figures.resource.value} /> : null}
          </div>
        </>
      )}
    </div>
  );
}
