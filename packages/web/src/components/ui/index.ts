export { Avatar } from './avatar';
export type { AvatarProps } from './avatar';
export { Button } from './button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export type { CardProps } from './card';
export { Checkbox } from './checkbox';
export type { CheckboxProps } from './checkbox';
export { ChipSelect } from './chip-select';
export type { ChipOption, ChipSelectProps } from './chip-select';
export {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
export type { DialogContentProps } from './dialog';
export { DropZone } from './drop-zone';
export type { DropZoneProps } from './drop-zone';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { Field } from './field';
export type { FieldProps } from './field';
export { Input, Textarea } from './input';
export type { InputProps, TextareaProps } from './input';
export { Menu, MenuContent, MenuGroup, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from './menu';
export { Select } from './select';
export type { SelectOption, SelectProps } from './select';
export { ShowMore } from './show-more';
export type { ShowMoreProps } from './show-more';
export { Skeleton, SkeletonText } from './skeleton';
export type { SkeletonProps } from './skeleton';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { Toaster, toast } from './toast';
export type { ToastInput, ToastVariant } from './toast';
