/**
 * The console shell (000 §2.4): Mantine AppShell with the sidebar and the top bar around the
 * guarded pages. Logout asks for confirmation (`messages.logoutConfirm`), then clears local storage and
 * goes to login (000 §7). The last chosen sidebar entry is remembered as the root page (000 §2.2).
 * The stored session user is re-read from the server while the shell is open (signed image URLs).
 * While the server is unreachable a banner above the page says so, and the page's own errors show
 * inside the shell (console-error-boundary.tsx); both recover by themselves (decisions.md#console-flows §4).
 */
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { messages } from '@practica/contract';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { useDocumentTitle, usePageTitleOverride } from '@shared/components/page-title';
import { useSessionRefresh } from '../../features/auth';
import { roleHome, signOut, useAuth } from '../../lib/auth';
import { readLocal, writeLocal } from '@shared/lib/storage';
import { ConsoleProviders } from '../console-providers';
import { PageLoader } from '@shared/components/page-loader';
import { useHasHistory } from '../route-guard';
import type { RouteHandle } from '../router';
import { activeNavPath, isRootPage, navItemsFor, type NavItem } from './nav-items';
import { ConnectionBanner } from './connection-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { PageNetworkErrorContext, useConnection } from './use-connection';

function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return '';
}

/** Layout route of everything under /dbl. */
export default function ConsoleLayout() {
  const { user } = useAuth();
  useSessionRefresh();
  const location = useLocation();
  const navigate = useNavigate();
  const hasHistory = useHasHistory();
  const [navOpened, nav] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);
  const routeTitle = useRouteTitle();
  const override = usePageTitleOverride();
  const title = override ?? routeTitle;
  useDocumentTitle(title);
  const connection = useConnection();
  const [pageShowsNetworkError, setPageShowsNetworkError] = useState(false);

  const items = useMemo(() => (user ? navItemsFor(user) : []), [user]);
  if (!user) return null; // RequireAuth renders only with a user

  const pathname = location.pathname.replace(/\/+$/, '');
  const onRoot = isRootPage(pathname, items);
  const remembered = readLocal('rootPage');
  const activePath = activeNavPath(pathname, items, remembered);
  const settingsActive = pathname === paths.settings();

  const rememberRoot = (item: NavItem) => {
    writeLocal('rootPage', item.to);
    nav.close();
  };

  const goBack = () => {
    if (hasHistory) void navigate(-1);
    else
      void navigate(
        remembered && items.some((i) => i.to === remembered) ? remembered : roleHome(user.roleId),
      );
  };

  const confirmLogout = () => {
    signOut();
    void navigate(paths.login(), { replace: true });
  };

  return (
    <ConsoleProviders>
      <AppShell
        layout="alt"
        header={{ height: 64 }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="lg"
      >
        <a className="skip-link" href="#main-content">
          {uiText.skipToContent}
        </a>
        <AppShell.Header>
          <TopBar
            user={user}
            title={title}
            showBack={!onRoot}
            onBack={goBack}
            navOpened={navOpened}
            onToggleNav={nav.toggle}
          />
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar
            items={items}
            activePath={settingsActive ? null : activePath}
            settingsActive={settingsActive}
            onNavigate={rememberRoot}
            onLogout={logout.open}
            onClose={nav.close}
          />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
          <Box maw={1280} mx="auto">
            <ConnectionBanner
              reachable={connection.reachable || pageShowsNetworkError}
              onRetry={connection.retry}
            />
            <PageNetworkErrorContext.Provider value={setPageShowsNetworkError}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </PageNetworkErrorContext.Provider>
          </Box>
        </AppShell.Main>
        <ConfirmDialog
          opened={logoutOpened}
          onClose={logout.close}
          onConfirm={confirmLogout}
          title={messages.logout}
          message={messages.logoutConfirm}
          confirmLabel={messages.logout}
        />
      </AppShell>
    </ConsoleProviders>
  );
}
