export { MembershipSection } from './components/membership-section';
export { PlanComparison } from './components/plan-comparison';
