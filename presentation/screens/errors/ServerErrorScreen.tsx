import { ErrorPage } from './ErrorPage';

export default function ServerErrorScreen() {
  return <ErrorPage kind="error500" />;
}
