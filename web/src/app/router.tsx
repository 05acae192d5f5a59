import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, RequireAccount } from '../features/auth/components/guards';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import type { RouteHandle } from './route-handle';

const privateRoute: RouteHandle = { requiresAccount: true };

/*
 * Every page is its own chunk (route `lazy`), so the first load of /allblog ships only the shell,
 * the router, the store and that page: the landing page, the forms with Zod, the editor and the
 * Markdown renderer load when they are visited. Pages are named exports, picked here.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppShellFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // A failing page keeps the header: its error boundary sits inside the layout.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            lazy: {
              Component: async () => (await import('../features/landing/pages/landing-page')).LandingPage,
            },
          },
          {
            Component: GuestOnly,
            children: [
              {
                path: 'signin',
                lazy: {
                  Component: async () => (await import('../features/auth/pages/sign-in-page')).SignInPage,
                },
              },
              {
                path: 'signup',
                lazy: {
                  Component: async () => (await import('../features/auth/pages/sign-up-page')).SignUpPage,
                },
              },
            ],
          },
          {
            path: 'allblog',
            lazy: {
              Component: async () => (await import('../features/posts/pages/all-posts-page')).AllPostsPage,
            },
          },
          {
            path: 'readblog',
            lazy: {
              Component: async () => (await import('../features/posts/pages/read-post-page')).ReadPostPage,
            },
          },
          {
            path: 'profile',
            lazy: {
              Component: async () => (await import('../features/profile/pages/profile-page')).ProfilePage,
            },
          },
          {
            // SPEC §2 keeps this redirect to /signup: someone who wants to write may have no account yet.
            element: <RequireAccount redirectTo="/signup" />,
            handle: privateRoute,
            children: [
              {
                path: 'addblog',
                lazy: {
                  Component: async () => (await import('../features/posts/pages/add-post-page')).AddPostPage,
                },
              },
            ],
          },
          {
            element: <RequireAccount redirectTo="/signin" />,
            handle: privateRoute,
            children: [
              {
                path: 'updateblog',
                lazy: {
                  Component: async () =>
                    (await import('../features/posts/pages/update-post-page')).UpdatePostPage,
                },
              },
              {
                path: 'userupdate',
                lazy: {
                  Component: async () =>
                    (await import('../features/auth/pages/user-update-page')).UserUpdatePage,
                },
              },
              {
                path: 'favorites',
                lazy: {
                  Component: async () =>
                    (await import('../features/posts/pages/favorites-page')).FavoritesPage,
                },
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
export type AppRouter = typeof router;
