import { useEffect } from 'react';
import { LoadingMessage } from '../components/LoadingMessage';

/**
 * /reload (public) loads the app afresh from the server, then opens its start page. The start page is
 * the folder the app is served from ('/' normally; the demo build may sit in any folder of a file host).
 */
export default function ReloadScreen() {
  useEffect(() => {
    window.location.replace(new URL('./', window.location.href).href);
  }, []);
  return <LoadingMessage />;
}
