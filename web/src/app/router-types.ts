import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
