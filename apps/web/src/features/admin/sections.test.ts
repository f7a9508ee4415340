import { describe, expect, it } from 'vitest';
import { groupedSectionsFor, sectionsFor } from './sections';

// The admin nav (docs/rules/back-office.md): the Background Jobs screen (docs/jobs.md) is the owner's.
describe('admin sections', () => {
  it('shows Background Jobs to owners, in the Team group after the Audit Log', () => {
    const team = groupedSectionsFor('owner').find((entry) => entry.group === 'Team')!;
    expect(team.sections.map((section) => section.label)).toEqual([
      'Admins',
      'Audit Log',
      'Background Jobs',
      'My Account',
    ]);
    expect(team.sections.find((section) => section.label === 'Background Jobs')!.to).toBe('/admin/jobs');
  });

  it('hides it from staff', () => {
    expect(sectionsFor('staff').map((section) => section.to)).not.toContain('/admin/jobs');
  });
});
