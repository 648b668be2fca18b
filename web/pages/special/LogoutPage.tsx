/**
 * Logout (spec §4): clears the session (cookies) and goes to login. The accounts feature adds
 * the rest (server call, notifications, polling) by registering logout hooks.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { runLogoutHooks } from '../../stores/logout';
import { PATHS } from '../../routing/paths';

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void runLogoutHooks().finally(() => navigate(PATHS.login, { replace: true }));
  }, [navigate]);
  return null;
}
