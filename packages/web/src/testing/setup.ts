import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for a condition, never for a time; on a loaded 2-core CI machine a lazy page
// can take more than the library's default second to appear, so the condition gets five.
configure({ asyncUtilTimeout: 5_000 });
