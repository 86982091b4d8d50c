// A fixture for boundaries.test.ts: a module's job and schedule registrations (they start workers).
export const registerAlphaJobs = () => 'scheduled';
