import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isPermitted } from '@app/contracts';
import { useSelector } from 'react-redux';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { selectRoles } from '../../session/session.slice';
import { MembersSection } from './components/members-section';
import { ProgramCard } from './components/program-card';
import { TemplateGallery } from './components/template-gallery';
import { useGetActiveLoyaltyProgramQuery, useListLoyaltyTemplatesQuery } from './rewards.api';

const TABS = [
  { value: 'programme', label: 'Programme' },
  { value: 'members', label: 'Members' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /dashboard/rewards (001 sections 2 and 7): the running loyalty programme and the templates it
 * starts from, and the members. The tab is in the address (`?tab=members`). What a role cannot do
 * is not offered: switching programmes needs loyalty:delete, adjusting the rules and editing
 * templates and members loyalty:update, adding them loyalty:create.
 */
export function RewardsPage() {
  const roles = useSelector(selectRoles);
  const canSwitch = isPermitted(roles, 'loyalty:delete');
  const canUpdate = isPermitted(roles, 'loyalty:update');
  const canCreate = isPermitted(roles, 'loyalty:create');

  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'members' ? 'members' : 'programme';

  const program = useGetActiveLoyaltyProgramQuery();
  const templates = useListLoyaltyTemplatesQuery();
  const programTemplate = templates.data?.find((template) => template.id === program.data?.templateId);

  // Activating a template or deactivating the programme removes the button that was pressed (it
  // becomes the Active chip, or the card goes): focus would fall to the page and a keyboard user
  // would start over from the top. It goes to the programme's card instead.
  const programRef = useRef<HTMLDivElement>(null);
  const programId = program.isSuccess ? (program.data?.id ?? null) : undefined;
  const shownProgramId = useRef(programId);
  useEffect(() => {
    if (programId === undefined) return;
    const hasChanged = shownProgramId.current !== undefined && shownProgramId.current !== programId;
    shownProgramId.current = programId;
    const active = document.activeElement;
    if (hasChanged && (!active || active === document.body)) programRef.current?.focus();
  }, [programId]);

  return (
    <Box>
      <PageHeader
        title="Rewards"
        subtitle="Your loyalty programme, the templates it starts from, and the shoppers who collect points."
      />
      <Tabs
        value={tab}
        onChange={(_event, next: TabValue) => setParams(next === 'programme' ? {} : { tab: next })}
        aria-label="Rewards"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ value, label }) => (
          <Tab
            key={value}
            value={value}
            label={label}
            id={`rewards-tab-${value}`}
            aria-controls="rewards-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="rewards-tabpanel" aria-labelledby={`rewards-tab-${tab}`}>
        {tab === 'programme' ? (
          <>
            <Box ref={programRef} tabIndex={-1} sx={{ borderRadius: 1 }}>
              <ProgramCard
                program={program.data}
                isLoading={program.isLoading}
                error={program.error}
                onRetry={() => void program.refetch()}
                templateRules={programTemplate?.rules}
                canSwitch={canSwitch}
                canOverride={canUpdate}
              />
            </Box>
            <TemplateGallery
              templates={templates.data}
              isLoading={templates.isLoading}
              error={templates.error}
              onRetry={() => void templates.refetch()}
              program={program.data}
              canSwitch={canSwitch}
              canCreate={canCreate}
              canUpdate={canUpdate}
            />
          </>
        ) : (
          <MembersSection canCreate={canCreate} canUpdate={canUpdate} />
        )}
      </Box>
    </Box>
  );
}
