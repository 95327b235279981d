import { useEffect } from 'react';
import { LoadingMessage } from '../components/LoadingMessage';

/** /reload (public) loads the app afresh from the server, then opens its start page. */
export default function ReloadScreen() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return <LoadingMessage />;
}
