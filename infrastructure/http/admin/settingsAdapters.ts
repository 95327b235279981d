import { ListDeskService } from '../../../application/admin/ListDeskService';
import { OrganisationDeskService } from '../../../application/admin/OrganisationDeskService';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import type { NavigationService } from '../../../application/navigation/NavigationService';
import type { AppState } from '../../../application/state/AppState';
import { HttpOrganisation } from './HttpOrganisation';
import { HttpReferenceLists } from './HttpReferenceLists';

/**
 * The Settings lists' and organisation's adapters and use-cases, made together (loaded lazily by the
 * composition root with the first such screen, in one piece).
 */
export function settingsAdapters(api: ApiClient, state: AppState, navigation: NavigationService, confirmation: ConfirmationService) {
  const lists = new HttpReferenceLists(api);
  const organisation = new HttpOrganisation(api);
  return {
    lists,
    organisation,
    listDesk: new ListDeskService(lists, state, confirmation),
    organisationDesk: new OrganisationDeskService(organisation, state, navigation, confirmation),
  };
}
