import type { Decode } from '../../../application/api/ApiClient';
import type { ClientListData, ClientScreenData, NewClientScreenData } from '../../../application/clients/client';
import { clientDecoder } from './ClientWire';

/* The client screens' data, read by contract/clients.ts (SCREEN_DECODERS loads these with the first client screen). */

/** /clients: GET /api/clients */
export const clients = (): Promise<Decode<ClientListData>> => clientDecoder((c) => c.ClientList);

/** /clients/basic/create: GET /api/clients/create */
export const clientCreate = (): Promise<Decode<NewClientScreenData>> => clientDecoder((c) => c.NewClientPage);

/** /clients/{tab}/:id: GET /api/clients/:id?tab=… */
export const client = (): Promise<Decode<ClientScreenData>> => clientDecoder((c) => c.ClientPage);
