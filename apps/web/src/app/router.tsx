import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';

export const AppRouter = () => (
  <BrowserRouter>
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  </BrowserRouter>
);
