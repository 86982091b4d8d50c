// The web's test kit (tests only): render with the app's providers, a fake HTTP API, a fake socket and a
// fake XMLHttpRequest for uploads.
// Feature fixtures that only one feature uses stay in that feature's `testing/` folder.
export { fakeApi, me, questions, sentUrls } from './fake-api';
export type { Handler, Recorded } from './fake-api';
export { renderAt } from './render';
export { fakeSocket } from './fake-socket';
export { chatMessage } from './chat-message';
export { FakeXhr } from './fake-xhr';
