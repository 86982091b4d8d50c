export { MembershipSection } from './components/membership-section';
export { PlanComparison } from './components/plan-comparison';
export { UpgradeDialog } from './components/upgrade-dialog';
