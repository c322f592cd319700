import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, BADGE_TONES } from './badge';
import { CardList, CardListItem, TableOrCards } from './card-list';
import { Table, TBody, TD, TH, THead, TR } from './table';

const PatientsTable = () => (
  <Table responsive aria-label="Patients">
    <THead>
      <TR>
        <TH>Patient Name</TH>
        <TH numeric>Orders</TH>
      </TR>
    </THead>
    <TBody>
      <TR>
        <TH scope="row">Jane Doe</TH>
        <TD numeric>3</TD>
      </TR>
    </TBody>
  </Table>
);

const PatientCards = () => (
  <CardList aria-label="Patients">
    <CardListItem>Jane Doe · 3 orders</CardListItem>
  </CardList>
);

describe('Table', () => {
  it('has column and row headings, and right-aligned figures', () => {
    render(<PatientsTable />);
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(within(table).getByRole('columnheader', { name: 'Orders' }).className).toContain(
      'text-right',
    );
    const rowHeading = within(table).getByRole('rowheader', { name: 'Jane Doe' });
    expect(rowHeading.className).toContain('font-medium');
    expect(rowHeading.className).not.toContain('uppercase');
  });

  it('shows the table from md up and the cards below it', () => {
    render(<TableOrCards table={<PatientsTable />} cards={<PatientCards />} />);
    // jsdom has no matchMedia: both are drawn, and the classes choose.
    expect(screen.getByRole('table').parentElement?.className).toContain('hidden md:block');
    expect(screen.getByRole('list', { name: 'Patients' }).className).toContain('md:hidden');
  });
});

describe('Badge', () => {
  it('has the five status tones and no others, grey by default', () => {
    expect(BADGE_TONES).toEqual(['green', 'blue', 'amber', 'red', 'grey']);
    render(
      <>
        <Badge tone="green">Delivered</Badge>
        <Badge>N/A</Badge>
      </>,
    );
    expect(screen.getByText('Delivered').className).toContain('bg-green-100');
    expect(screen.getByText('N/A').className).toContain('bg-slate-100');
  });
});
