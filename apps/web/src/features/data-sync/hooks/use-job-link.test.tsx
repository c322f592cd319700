import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useJobLink } from './use-job-link';

const opened: string[] = [];
const open = (jobId: string) => {
  opened.push(jobId);
};

const Page = () => {
  useJobLink(open);
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
};

describe('a failure alert’s link to a job', () => {
  it('opens that job’s details once and drops the parameter from the address', () => {
    render(
      <MemoryRouter initialEntries={['/data-sync?job=job-42&tab=x']}>
        <Page />
      </MemoryRouter>,
    );
    expect(opened).toEqual(['job-42']);
    expect(screen.getByTestId('address').textContent).toBe('/data-sync?tab=x');
  });
});
