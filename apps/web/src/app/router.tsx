import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
