// Vite and Vitest load `?raw` imports as the file's text. The corpus is read this way in tests because
// the domain tsconfig lists only .ts sources, so a plain JSON import is not part of the project.
declare module '*.json?raw' {
  const text: string;
  export default text;
}
