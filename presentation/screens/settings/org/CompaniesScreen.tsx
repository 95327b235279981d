import { CompaniesScreen } from '../OrganisationScreens';

export default CompaniesScreen;
