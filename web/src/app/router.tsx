import { data, type RouteObject } from 'react-router';
import { GuestOnly, RequireAccount } from '../features/auth/components/guards';
import { allPostsLoader } from '../features/posts/loaders/all-posts-loader';
import { readerDiscoverLoader } from '../features/discover/loaders/discover-loader';
import { landingLoader } from '../features/landing/loaders/landing-loader';
import { favoritesLoader } from '../features/posts/loaders/favorites-loader';
import {
  moreCommentsLoader,
  moreFavoritesLoader,
  morePostsLoader,
  moreProfilePostsLoader,
} from '../features/posts/loaders/more-loaders';
import { readPostLoader } from '../features/posts/loaders/read-post-loader';
import { updatePostLoader } from '../features/posts/loaders/update-post-loader';
import { profileByHandleLoader, profileLoader } from '../features/profile/loaders/profile-loader';
import { moreSearchResultsLoader, searchLoader } from '../features/search/loaders/search-loader';
import { seriesLoader } from '../features/series/loaders/series-loader';
import { moreTagPostsLoader, tagLoader } from '../features/tags/loaders/tag-loader';
import { DATA_PATHS } from '../lib/data-routes';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RootLayout } from './layout/root-layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import type { RouteHandle } from './route-handle';

const privateRoute: RouteHandle = { requiresAccount: true };
/** `favorited`, `following`, the reader's own pages: see RouteHandle.readerData. */
const READER_DATA = { readerData: true };

/*
 * The pages, rendered on the server and in the browser alike. Each page is its own
 * chunk, so the first load of /allblog ships only the shell, the router, the store and that page:
 * the landing page, the forms with Zod and the editor load when they are visited. Loaders are
 * small and load with the shell, so a page's data is on its way while its code downloads.
 *
 * A function, because React Router fills in lazy routes by changing their objects: each router
 * gets its own.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: AppShellFallback,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: 'pages',
          // A failing page keeps the header: its error boundary sits inside the layout.
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              id: 'landing',
              index: true,
              loader: landingLoader,
              ...lazyPage('landing/pages/landing-page', 'LandingPage'),
            },
            {
              id: 'guest-only',
              Component: GuestOnly,
              children: [
                { id: 'signin', path: 'signin', ...lazyPage('auth/pages/sign-in-page', 'SignInPage') },
                { id: 'signup', path: 'signup', ...lazyPage('auth/pages/sign-up-page', 'SignUpPage') },
              ],
            },
            // Account recovery: reached from an email, signed in or not.
            {
              id: 'forgot-password',
              path: 'forgot-password',
              ...lazyPage('auth/pages/forgot-password-page', 'ForgotPasswordPage'),
            },
            {
              id: 'reset-password',
              path: 'reset-password',
              ...lazyPage('auth/pages/reset-password-page', 'ResetPasswordPage'),
            },
            {
              id: 'confirm-email',
              path: 'confirm-email',
              ...lazyPage('auth/pages/confirm-email-page', 'ConfirmEmailPage'),
            },
            {
              id: 'undo-change',
              path: 'undo-change',
              ...lazyPage('auth/pages/undo-change-page', 'UndoChangePage'),
            },
            {
              id: 'allblog',
              path: 'allblog',
              loader: allPostsLoader,
              ...lazyPage('posts/pages/all-posts-page', 'AllPostsPage'),
            },
            {
              id: 'readblog',
              path: 'readblog',
              loader: readPostLoader,
              ...lazyPage('posts/pages/read-post-page', 'ReadPostPage', READER_DATA),
            },
            previewRoute(),
            {
              id: 'profile',
              path: 'profile',
              loader: profileLoader,
              ...lazyPage('profile/pages/profile-page', 'ProfilePage', READER_DATA),
            },
            // /@handle: the profile page by handle, in the profile page's chunk (its loader checks the `@`).
            {
              id: 'profile-by-handle',
              path: ':at',
              loader: profileByHandleLoader,
              ...lazyPage('profile/pages/profile-page', 'ProfilePage', READER_DATA),
            },
            {
              id: 'tag',
              path: 'tag',
              loader: tagLoader,
              ...lazyPage('tags/pages/tag-page', 'TagPage', READER_DATA),
            },
            {
              id: 'series',
              path: 'series',
              loader: seriesLoader,
              ...lazyPage('series/pages/series-page', 'SeriesPage', READER_DATA),
            },
            {
              id: 'search',
              path: 'search',
              loader: searchLoader,
              ...lazyPage('search/pages/search-page', 'SearchPage'),
            },
            {
              id: 'write',
              // Specification §2 keeps this redirect to /signup: someone who wants to write may have no account yet.
              element: <RequireAccount redirectTo="/signup" />,
              handle: privateRoute,
              children: [
                { id: 'addblog', path: 'addblog', ...lazyPage('editor/pages/add-post-page', 'AddPostPage') },
              ],
            },
            {
              id: 'account',
              element: <RequireAccount redirectTo="/signin" />,
              handle: privateRoute,
              children: [
                {
                  id: 'updateblog',
                  path: 'updateblog',
                  loader: updatePostLoader,
                  ...lazyPage('editor/pages/update-post-page', 'UpdatePostPage', READER_DATA),
                },
                {
                  id: 'userupdate',
                  path: 'userupdate',
                  ...lazyPage('settings/pages/user-update-page', 'UserUpdatePage'),
                },
                {
                  id: 'drafts',
                  path: 'drafts',
                  ...lazyPage('drafts/pages/drafts-page', 'DraftsPage'),
                },
                // The series a writer manages: their own, or a publication's (?publication=).
                {
                  id: 'manage-series',
                  path: 'series/manage',
                  ...lazyPage('series/pages/manage-series-page', 'ManageSeriesPage'),
                },
                {
                  id: 'favorites',
                  path: 'favorites',
                  loader: favoritesLoader,
                  ...lazyPage('posts/pages/favorites-page', 'FavoritesPage', READER_DATA),
                },
                {
                  id: 'notifications',
                  path: 'notifications',
                  ...lazyPage('notifications/pages/notifications-page', 'NotificationsPage'),
                },
                // The writer's followers on the social web and their requests (decision 0086).
                {
                  id: 'social-followers',
                  path: 'social-web/followers',
                  ...lazyPage('settings/pages/social-followers-page', 'SocialFollowersPage'),
                },
                // Accounts elsewhere the reader follows, and their posts (decision 0090).
                {
                  id: 'social-following',
                  path: 'social-web/following',
                  ...lazyPage('settings/pages/social-following-page', 'SocialFollowingPage'),
                },
                // The writer's queue of comments awaiting approval (decision 0077).
                {
                  id: 'held-comments',
                  path: 'comments/held',
                  ...lazyPage('comments/pages/held-comments-page', 'HeldCommentsPage'),
                },
                // The operators' page; the API answers anyone else 403, shown as such.
                { id: 'admin', path: 'admin', ...lazyPage('admin/pages/admin-page', 'AdminPage') },
                // The writer's publications, and one publication as its members manage it.
                {
                  id: 'publications',
                  path: 'publications',
                  ...lazyPage('publications/pages/publications-page', 'PublicationsPage'),
                },
                {
                  id: 'publication',
                  path: 'publication',
                  ...lazyPage('publications/pages/publication-page', 'PublicationPage'),
                },
                // One of a publication's own pages, written in the block editor (decision 83).
                {
                  id: 'publication-page-editor',
                  path: 'publication/page',
                  ...lazyPage('publications/pages/page-editor-page', 'PageEditorPage'),
                },
                // A newsletter list as its writer sees it: their own, or a publication's (?list=).
                {
                  id: 'subscribers',
                  path: 'subscribers',
                  ...lazyPage('subscribers/pages/subscribers-page', 'SubscribersPage'),
                },
                // Views, visitors and reads: the writer's own, or a publication's (?publication=).
                {
                  id: 'stats',
                  path: 'stats',
                  ...lazyPage('stats/pages/stats-page', 'StatsPage'),
                },
              ],
            },
            // An unknown address renders the not-found page with a 404.
            {
              id: 'not-found',
              path: '*',
              loader: () => data(null, { status: 404 }),
              Component: NotFoundPage,
            },
          ],
        },
      ],
    },
  ];
}

/** The loader-only routes that serve the next page of each list to useFetcher (browser only). */
export const dataRoutes: RouteObject[] = [
  { id: 'more-posts', path: DATA_PATHS.posts, loader: morePostsLoader },
  { id: 'more-favorites', path: DATA_PATHS.favorites, loader: moreFavoritesLoader },
  { id: 'more-profile-posts', path: DATA_PATHS.profilePosts, loader: moreProfilePostsLoader },
  { id: 'more-comments', path: DATA_PATHS.comments, loader: moreCommentsLoader },
  { id: 'more-tag-posts', path: DATA_PATHS.tagPosts, loader: moreTagPostsLoader },
  { id: 'more-search-results', path: DATA_PATHS.search, loader: moreSearchResultsLoader },
  { id: 'reader-discover', path: DATA_PATHS.discover, loader: readerDiscoverLoader },
];

function collectPaths(branch: RouteObject[]): string[] {
  return branch.flatMap((route) => [
    ...(route.index ? [''] : route.path && route.path !== '*' ? [route.path] : []),
    ...collectPaths(route.children ?? []),
  ]);
}

/** Every page address ('' for the home page), for the server to route to the renderer. */
export const pagePaths: readonly string[] = collectPaths(createRoutes());

/**
 * /preview?token=: a preview link's page (decision 75). Few readers ever open one, so its loader
 * comes with its page's chunk instead of every page's first load.
 */
function previewRoute(): RouteObject {
  const page = lazyPage('posts/pages/preview-post-page', 'PreviewPostPage');
  return {
    id: 'preview',
    path: 'preview',
    handle: page.handle,
    lazy: {
      ...page.lazy,
      loader: async () => (await import('../features/posts/loaders/preview-post-loader')).previewPostLoader,
    },
  };
}
