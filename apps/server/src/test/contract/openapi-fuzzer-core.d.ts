/** openapi-fuzzer-core ships JavaScript only; this is the part the contract test uses. */
declare module 'openapi-fuzzer-core' {
  export type TFuzzSpec = {
    /** PATH, METHOD, PATH PARAMS, QUERY PARAMS or BODY. */
    name: string;
    request: {
      method: string;
      path: string;
      pathParams?: Record<string, unknown>;
      queryParams?: Record<string, unknown>;
      body?: unknown;
    };
    expect: { status: number[] };
  };
  const fuzz: { swagger: (document: object) => TFuzzSpec[] };
  export default fuzz;
}
