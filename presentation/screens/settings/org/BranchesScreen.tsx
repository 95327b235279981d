import { BranchesScreen } from '../OrganisationScreens';

export default BranchesScreen;
