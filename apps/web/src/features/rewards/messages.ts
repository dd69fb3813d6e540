/**
 * What each loyalty call shows when the server gives neither `message` nor `error`. 001 section 8
 * names none for loyalty but one rule: a 404 on the active programme is "no programme", not an
 * error (rewards.api.ts reads it so).
 */
export const REWARDS_ERRORS = {
  program: 'Failed to fetch the loyalty programme',
  templates: 'Failed to fetch loyalty templates',
  activate: 'Failed to activate the loyalty programme',
  deactivate: 'Failed to deactivate the loyalty programme',
  override: 'Failed to update the programme’s rules',
  createTemplate: 'Failed to add the loyalty template',
  updateTemplate: 'Failed to update the loyalty template',
  templateStatus: 'Failed to switch the loyalty template',
  members: 'Failed to fetch loyalty members',
  member: 'Failed to fetch the loyalty member',
  createMember: 'Failed to add the loyalty member',
  updateMember: 'Failed to update the loyalty member',
} as const;

export const REWARDS_SUCCESS = {
  activate: 'Loyalty programme activated',
  deactivate: 'Loyalty programme deactivated',
  override: 'Programme rules updated',
  reset: 'Back to the template’s rules',
  createTemplate: 'Loyalty template added',
  updateTemplate: 'Loyalty template updated',
  switchOn: 'Template switched on',
  switchOff: 'Template switched off',
  createMember: 'Member added',
  updateMember: 'Member updated',
  adjust: 'Balance corrected',
} as const;

export const NO_PROGRAM_TEXT = 'No loyalty programme is running';
export const NO_MEMBERS_TEXT = 'No members yet. Add the first member, or let the till sign shoppers up.';
export const NO_MATCHING_MEMBERS_TEXT = 'No members match the search.';
