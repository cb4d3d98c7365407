// The session side of the kit, free of React components (unit tests and non-UI modules import it
// without loading Mantine): the fetch wrapper, how an answer ends the session, the query client.
export { ApiError } from './api-error.ts';
export { createApiFetch, type ApiFetch, type ApiFetchConfig, type ApiRequestOptions, type HttpMethod } from './api-fetch.ts';
export { answersUnauthorized, isReauthTrpcError } from './session-end.ts';
export { createAppQueryClient, type AppQueryClientOptions } from './query-client.ts';
