/** The style sheet main.tsx imports for its side effect: esbuild bundles it into app-<hash>.css (dashboard/build.ts). */
declare module '*.css';
