import { BranchFormScreen } from '../OrganisationScreens';

export default BranchFormScreen;
