/** @frontdoor/ui: the platform's shared form, layout and image-cropping toolkit. */
export { FieldShell, type FieldShellProps, type FieldControlProps } from './field/FieldShell';
export { Field, type FieldProps } from './field/Field';
export { PasswordField, type PasswordFieldProps } from './field/PasswordField';
export { CodeInput, type CodeInputProps } from './code/CodeInput';
export { CodeField, type CodeFieldProps, type CodePasteTexts } from './code/CodeField';
export { CODE_LENGTH, EMPTY_BOX, pastedCode, type PastedCode, type PasteProblem } from './code/code-rules';
export { Button, type ButtonProps, type ButtonTheme } from './button/Button';
export { Link, type LinkProps } from './button/Link';
export { linkClassName, type LinkTheme } from './button/link-theme';
export { Image, type ImageProps, type ImageShape } from './image/Image';
export { CentredLayout, type CentredLayoutProps } from './layout/CentredLayout';
export { Toast, type ToastProps } from './toast/Toast';
export { useFormModel, type FieldModel, type FieldValue, type FormModel, type FormModelOptions } from './form/use-form-model';
export type { FieldErrors, FormRules } from './form/form-rules';
export type { StandardSchemaV1, StandardResult, StandardIssue } from './form/standard-schema';
export { useArrival, useHandler } from './hooks/effect-handlers';
export { useStore } from './hooks/use-store';
export { AutoSubmitForm, AUTO_SUBMIT_DELAY_MS, type AutoSubmitFormProps } from './form/AutoSubmitForm';
export { RuleList, type Rule, type RuleListProps } from './form/RuleList';
export { createToaster, TOAST_DURATION_MS, type Toaster, type ToastMessage, type ToastTone } from './toast/toaster';
export { NumberInput, parseDigits, formatFixed, DEFAULT_FRACTION_DIGITS, type NumberInputProps } from './inputs/NumberInput';
export { RangeInput, RANGE_DEFAULTS, type RangeInputProps } from './inputs/RangeInput';
export { DateInput, readDate, DEFAULT_MAX_DATE, PICKER_DELAY_MS, type DateInputProps } from './inputs/DateInput';
export { TextArea, DEFAULT_TEXT_AREA_ROWS, type TextAreaProps } from './inputs/TextArea';
export { CheckboxGroup, type CheckboxGroupProps, type ChoiceOption, type ChoiceValue } from './inputs/CheckboxGroup';
export { RadioGroup, type RadioGroupProps } from './inputs/RadioGroup';
export { ImageInput, currentFirst, type ImageChoice, type ImageInputProps } from './inputs/ImageInput';
export { Dropdown, DROPDOWN_GUTTER, DROPDOWN_TOP_PADDING, type DropdownProps, type DropdownSearchTexts } from './dropdown/Dropdown';
export { filterOptions, type OptionItem, type OptionGroup, type GlobalSelectionOption } from './dropdown/options';
export { DROPDOWN_WARNINGS } from './dropdown/selection';
export { Overlay, type OverlayProps } from './overlays/Overlay';
export { Modal, type ModalProps } from './overlays/Modal';
export { ConfirmationModal, type ConfirmationModalProps } from './overlays/ConfirmationModal';
export { DeletionModal, type DeletionModalProps } from './overlays/DeletionModal';
export { SidePanel, type SidePanelProps, type SidePanelConfirmation } from './overlays/SidePanel';
export { sidePanelParent, shouldReload, RELOAD_PARAMETER, type SidePanelParent } from './overlays/side-panel-route';
export { useScrollLock, lockScroll } from './overlays/use-scroll-lock';
export { CropDialog, CROP_WARNINGS, type CropDialogProps } from './crop/CropDialog';
export type { CropDialogTexts } from './crop/crop-texts';
export {
  CROP_LIMITS,
  VIEW_MODES,
  cropAspectRatio,
  minimumCropWidth,
  minimumCropBoxSize,
  crossOriginFor,
  type CropBounds,
  type CropResult,
  type RestrictionMode,
} from './crop/crop-rules';
export { Tabs, type TabsProps } from './navigation/Tabs';
export { initialTab, type TabOption } from './navigation/tab-options';
export { Carousel, type CarouselProps } from './navigation/Carousel';
export { ImageSelector, type ImageSelectorProps, type SelectableImage } from './navigation/ImageSelector';
export { CAROUSEL_DEFAULTS, IMAGE_SELECTOR_DEFAULTS } from './navigation/carousel-paging';
export { IconButton, type IconButtonProps, type IconButtonFrame } from './navigation/IconButton';
export { ButtonSheet, type ButtonSheetProps } from './navigation/ButtonSheet';
export { CleanLayout, type CleanLayoutProps } from './layout/CleanLayout';
export { MainLayout, type MainLayoutProps } from './layout/MainLayout';
export { SimplePage, type SimplePageProps } from './layout/SimplePage';
export { AdministrativePage, type AdministrativePageProps } from './layout/AdministrativePage';
export { CentrePage } from './layout/CentrePage';
export { EmptyPage } from './layout/EmptyPage';
export { TwoColumnPage, type TwoColumnPageProps } from './layout/TwoColumnPage';
export {
  LOGIN_PARAMETERS,
  loginUrl,
  companySelectionUrl,
  companyUrl,
  termsUrl,
  logoutUrl,
  changePasswordUrl,
  type LoginParameter,
  type LoginParameters,
  type CompanyParameters,
  type PageParameters,
} from './front-door/front-door-urls';
