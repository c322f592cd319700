/** A signed-in patient's own orders as a timeline (core.md section 2). */
export const PatientTimeline = () => (
  <section aria-labelledby="patient-timeline-heading">
    <h2 id="patient-timeline-heading" className="text-lg font-semibold text-slate-900">
      Your Orders
    </h2>
  </section>
);
