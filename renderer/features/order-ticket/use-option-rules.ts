import { useQuery } from '@tanstack/react-query';
import { optionRulesOf, REAL_OPTION_RULES, type OptionRules } from '../../../shared/environments';
import { apiQuery } from '../../lib/queries';

/**
 * The active environment's option rules (shared/environments.ts): the real service's on a real
 * preset, the interface text's on the Sandbox. Same query key as Settings and the top bar.
 */
export function useOptionRules(): OptionRules {
  const state = useQuery(apiQuery('environments.list', {})).data;
  const active = state?.environments.find((e) => e.id === state.activeId);
  // Until the list is known, the stricter rules: nothing is offered that the real service refuses.
  return active ? optionRulesOf(active) : REAL_OPTION_RULES;
}
