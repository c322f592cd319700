// s3rver ships no types; the tests use this much of it.
declare module 's3rver' {
  type TOptions = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: TOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
