import { configure } from '@testing-library/react';
import { keepFormBodies } from './fake-api';

// `findBy…` and `waitFor` wait for a condition, never for a time; on a loaded 2-core CI machine a lazy page
// can take more than the library's default second to appear, so the condition gets five.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver, which every browser the app supports has and the charts need (visx's
// useParentSize builds one as a chart mounts). Without it a chart that mounts throws, and the route's error
// page replaces the whole page under test: whether that happens depends on whether the lazily loaded chart
// module has loaded yet (it stays loaded across a file's tests), a race that Node 24 loses. jsdom lays
// nothing out, so nothing is ever resized: the stand-in observes nothing and the charts keep their initial
// width. It is a plain global, not `vi.stubGlobal`, so the tests' `vi.unstubAllGlobals()` keeps it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// the fake API reads a multipart body from the FormData the app sent (see keepFormBodies)
keepFormBodies();
