import { ErrorPage } from './ErrorPage';

export default function NotFoundScreen() {
  return <ErrorPage kind="error404" />;
}
