import { CompanyFormScreen } from '../OrganisationScreens';

export default CompanyFormScreen;
