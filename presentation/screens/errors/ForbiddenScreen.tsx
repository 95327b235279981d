import { ErrorPage } from './ErrorPage';

export default function ForbiddenScreen() {
  return <ErrorPage kind="error403" />;
}
