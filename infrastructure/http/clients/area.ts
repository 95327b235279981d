import type { ApiClient } from '../../../application/api/ApiClient';
import { AttachmentDesk } from '../../../application/attachments/AttachmentDesk';
import { ClientDesk } from '../../../application/clients/ClientDesk';
import type { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import type { NavigationService } from '../../../application/navigation/NavigationService';
import type { AppState } from '../../../application/state/AppState';
import { HttpAttachmentStore } from '../attachments/HttpAttachmentStore';
import { HttpClientDirectory } from './HttpClientDirectory';
import { preloadClientWire } from './ClientWire';

/*
 * The clients and attachments area as one lazily loaded chunk (./load.ts): the use-cases over their
 * HTTP adapters (the ClientDirectory and AttachmentStore ports) and the client screens' decoders; the
 * wire contract they read starts loading with it (./ClientWire.ts). Not part of the sign-in page (the
 * /login budget).
 */

preloadClientWire();

export { client, clientCreate, clients } from './screens';

/** The client screens' use-cases over HttpClientDirectory. */
export const clientDesk = (api: ApiClient, state: AppState, navigation: NavigationService, confirmation: ConfirmationService) =>
  new ClientDesk(new HttpClientDirectory(api), state, navigation, confirmation);

/** The files of clients and orders over HttpAttachmentStore. */
export const attachmentDesk = (api: ApiClient, confirmation: ConfirmationService) => new AttachmentDesk(new HttpAttachmentStore(api), confirmation);
