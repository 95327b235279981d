import { ErrorPage } from './ErrorPage';

export default function NoConnectionScreen() {
  return <ErrorPage kind="errorNoConnection" />;
}
