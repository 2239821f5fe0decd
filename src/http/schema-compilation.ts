// When the routes' request validators and response serializers are compiled. A server compiles
// every one as its routes are registered, so a schema Ajv or fast-json-stringify refuses stops the
// start instead of failing the first request. The test harness (test/helper.ts) compiles each on
// first use: a test file builds apps whose routes it mostly never calls, and compiling all of them
// was about a second of CPU per test process (a quarter of a small file's). The same code compiles
// either way; test/api/schemas-at-start.test.ts proves that a server still compiles everything at
// start.
export const schemaCompilation = { atStart: true };
