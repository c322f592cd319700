/**
 * The patient calls' zod schemas (core.md section 7), fetched and built when something is
 * first sent. The reads of these calls are typed only: building the schemas at start-up
 * cost a phone about 90 ms of the dashboard's first seconds (decisions.md, "The patients
 * API in the browser"). What the app sends is still checked against them.
 */
export const patientsSchemas = () => import('@portal/domain/patients-api');
