import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const Harness = () => {
  const [tab, setTab] = useState('groups');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Data sync">
        <TabsTrigger value="groups">Groups</TabsTrigger>
        <TabsTrigger value="history">Job History</TabsTrigger>
        <TabsTrigger value="schedules">Schedules</TabsTrigger>
      </TabsList>
      <TabsContent value="groups">Sync groups</TabsContent>
      <TabsContent value="history">Past jobs</TabsContent>
      <TabsContent value="schedules">Every hour</TabsContent>
    </Tabs>
  );
};

const selected = () => screen.getByRole('tab', { selected: true });

describe('Tabs', () => {
  it('is a named tablist with one tab stop, showing the selected panel only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Data sync' })).toBeTruthy();
    expect(selected().textContent).toBe('Groups');
    const panel = screen.getByRole('tabpanel', { name: 'Groups' });
    expect(panel.textContent).toBe('Sync groups');
    expect(screen.queryByText('Past jobs')).toBeNull();
    // Tab lands on the selected tab, and the next Tab leaves the tabs for the panel.
    await user.tab();
    expect(document.activeElement).toBe(selected());
    await user.tab();
    expect(document.activeElement).toBe(panel);
  });

  it('moves the selection with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(selected().textContent).toBe('Job History');
    expect(document.activeElement).toBe(selected());
    expect(screen.getByRole('tabpanel', { name: 'Job History' }).textContent).toBe('Past jobs');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected().textContent).toBe('Groups');
    await user.keyboard('{ArrowLeft}');
    expect(selected().textContent).toBe('Schedules');
    await user.keyboard('{Home}');
    expect(selected().textContent).toBe('Groups');
    await user.keyboard('{End}');
    expect(selected().textContent).toBe('Schedules');
  });

  it('selects a tab that is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(selected().textContent).toBe('Job History');
  });
});
