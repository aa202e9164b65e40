import { Navigate, Route, Routes } from 'react-router';
import { SessionProvider } from '../features/auth';
import { NotFoundPage } from './NotFoundPage';
import { pageRoutes } from './pages';
import { SessionGate } from './SessionGate';

/**
 * Every screen's address. The server answers unknown paths with index.html, so all are deep-linkable.
 * The screens load on demand (pages.tsx); the shell, the login and the not-found page are always here.
 */
export function AppRoutes() {
  return (
    <SessionProvider>
      <Routes>
        <Route element={<SessionGate />}>
          <Route path="Dashboard" element={<Navigate to="/" replace />} />
          {pageRoutes.map(({ path, page }) =>
            path === '' ? (
              <Route key="index" index element={<page.Component />} />
            ) : (
              <Route key={path} path={path} element={<page.Component />} />
            ),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </SessionProvider>
  );
}
