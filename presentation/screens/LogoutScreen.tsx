import { useEffect } from 'react';
import { SessionService } from '../../application/session/SessionService';
import { LoadingMessage } from '../components/LoadingMessage';
import { useService } from '../services/ServicesContext';

/** /logout signs out and goes to /login. */
export default function LogoutScreen() {
  const session = useService(SessionService);
  useEffect(() => {
    void session.logout();
  }, [session]);
  return <LoadingMessage />;
}
