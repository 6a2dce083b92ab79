/** `import('…?second-copy')` loads a module a second time, as a second installed copy of hookrail would be. */
declare module '*?second-copy';
