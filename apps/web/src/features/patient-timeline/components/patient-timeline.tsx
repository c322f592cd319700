export type TPatientTimelineProps = {
  /** The signed-in patient's payor and patient keys (from the session's user). */
  payorKey: string | null;
  patientKey: string | null;
};

/** A signed-in patient's own orders as a timeline (core.md section 2). */
export const PatientTimeline = ({ patientKey }: TPatientTimelineProps) => (
  <section aria-labelledby="patient-timeline-heading" data-patient-key={patientKey ?? undefined}>
    <h2 id="patient-timeline-heading" className="text-lg font-semibold text-slate-900">
      Your Orders
    </h2>
  </section>
);
